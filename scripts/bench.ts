/**
 * `npm run bench [-- --seconds N --connections N --postgres URL]`: accepted lead submissions per second
 * and latency of POST /api/leads on PGlite, and on PostgreSQL when a connection string is given.
 */
import { runBench, type BenchResult } from "./server-load/bench";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function report(result: BenchResult): string {
  const { p50, p90, p99, max } = result.latencyMs;
  return (
    `${result.driver}: ${result.acceptedPerSecond} angenommene Anmeldungen/s (${result.accepted} gesamt, ` +
    `${result.otherAnswers} andere Antworten, ${result.errors} Fehler); Latenz p50 ${p50} ms, p90 ${p90} ms, p99 ${p99} ms, max ${max} ms`
  );
}

async function main(): Promise<void> {
  const durationSeconds = Number(option("--seconds") ?? "10");
  const connections = Number(option("--connections") ?? "10");
  console.log(report(await runBench({ durationSeconds, connections })));
  const postgres = option("--postgres");
  if (postgres) console.log(report(await runBench({ databaseUrl: postgres, durationSeconds, connections })));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
