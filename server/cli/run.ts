/** Dispatches a command line to its subcommand; each lives in its own file in this folder. */
import { loadConfig } from "../config";
import { openDb } from "../db";
import { UsageError, type Command } from "./command";
import { eraseCommand } from "./erase";
import { exportCommand } from "./export";
import { listCommand } from "./list";
import { purgeCommand } from "./purge";
import { showCommand } from "./show";

/** Adding a subcommand (show, erase, purge …): a new file here and one line in this list. */
export const COMMANDS: Record<string, Command> = {
  list: listCommand,
  export: exportCommand,
  show: showCommand,
  erase: eraseCommand,
  purge: purgeCommand,
};

export function usage(): string {
  const lines = Object.values(COMMANDS).map((command) => `  npm run leads -- ${command.usage.padEnd(34)} ${command.summary}`);
  return ["Aufruf:", ...lines].join("\n");
}

/** Runs one command line against the configured database; returns the exit code. */
export async function runCli(
  argv: string[],
  print: (line: string) => void = console.log,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    const unknown = name !== undefined && name !== "--help" && name !== "help";
    print(unknown ? `Unbekannter Befehl „${name}“.\n${usage()}` : usage());
    return unknown ? 2 : 0;
  }
  const db = await openDb(loadConfig(env));
  try {
    await command.run({ db, args, print, cwd: process.cwd() });
    return 0;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    print(`${error.message}\n${usage()}`);
    return 2;
  } finally {
    await db.close();
  }
}
