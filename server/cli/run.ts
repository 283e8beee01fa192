/** Dispatches a command line to its subcommand (the list is in commands.ts, each in its own file). */
import { loadConfig } from "../config";
import { connectDb } from "../db";
import { UsageError } from "./command";
import { COMMANDS } from "./commands";

export function usage(): string {
  const lines = COMMANDS.map((command) => `  npm run leads -- ${command.usage.padEnd(34)} ${command.summary}`);
  return ["Aufruf:", ...lines].join("\n");
}

/** Runs one command line against the configured database; returns the exit code. */
export async function runCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [name, ...args] = argv;
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    const unknown = name !== undefined && name !== "--help" && name !== "help";
    print(unknown ? `Unbekannter Befehl „${name}“.\n${usage()}` : usage());
    return unknown ? 2 : 0;
  }
  const config = loadConfig(env);
  const db = await connectDb(config);
  try {
    await command.run({ db, config, args, print, cwd: process.cwd() });
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    print(`${error.message}\n${usage()}`);
    return 2;
  } finally {
    await db.close();
  }
}
