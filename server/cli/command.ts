/** What each CLI subcommand gets, so a new one is an object in its own file plus one line in commands.ts. */
import type { Config } from "../config";
import type { Db } from "../db";

export interface CliContext {
  /** Connected the same way whatever the setup: PostgreSQL, the running server's PGlite, or PGlite directly. */
  db: Db;
  config: Config;
  /** Arguments after the subcommand's name. */
  args: string[];
  /** Writes one line of output. */
  print: (line: string) => void;
  /** Where files are written unless --out says otherwise. */
  cwd: string;
}

export interface Command {
  /** The word after `npm run leads --`. */
  name: string;
  /** The name and its arguments, as the help shows them. */
  usage: string;
  summary: string;
  run(context: CliContext): Promise<void>;
}

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** The value after `--name`, if given. */
export function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} braucht einen Wert`);
  return value;
}

export function rejectUnknown(args: readonly string[], known: readonly string[]): void {
  for (const arg of args) {
    if (arg.startsWith("--") && !known.includes(arg)) throw new UsageError(`Unbekannte Option ${arg}`);
  }
}
