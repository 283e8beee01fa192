/**
 * `npx tsx rig/crash-test.ts [--seconds N] [--postgres URL]`: runs the crash test and prints its
 * count. Exit code 1 when an acknowledged submission is missing or stored twice.
 */
import { runCrashTest } from "./server-load/crash-test";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<void> {
  const seconds = Number(option("--seconds") ?? "5");
  const result = await runCrashTest({
    databaseUrl: option("--postgres"),
    loadMs: seconds * 1000,
    concurrency: Number(option("--concurrency") ?? "16"),
    log: (line) => console.log(line),
  });
  console.log(
    `Crashtest: ${result.accepted} Anmeldungen mit 202 bestätigt, davon ${result.storedAccepted} genau einmal gespeichert; ` +
      `${result.missing.length} fehlen, ${result.duplicates.length} doppelt; ` +
      `${result.storedWithoutAnswer} beim Absturz unbestätigt, aber gespeichert (von ${result.sent} gesendet).`,
  );
  if (result.missing.length > 0 || result.duplicates.length > 0) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
