/**
 * Plain SQL dumps that `psql -f` restores into an empty PostgreSQL database: schema, every row and the
 * migrations table, without owners or grants (the restoring role owns everything). PGlite is dumped by
 * pglite-tools' pg_dump (WebAssembly, PostgreSQL 17), PostgreSQL by the installed `pg_dump`.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";

export const PG_DUMP_ARGS = ["--no-owner", "--no-privileges"];

/**
 * Settings pg_dump 17 writes that older servers do not know; under ON_ERROR_STOP a PostgreSQL 15 would
 * stop at them. Their defaults are what the dump needs anyway.
 */
const NEWER_SETTING = /^SET (transaction_timeout) = .*;\s*$/;
const PREAMBLE_LINE = /^(|--.*|SET .*|SELECT pg_catalog\.set_config\(.*)$/;

/**
 * Filters a dump line by line. Only the preamble before the first statement is touched, since a visitor's
 * message may hold any line inside the data; `\restrict KEY` (pg_dump 17.6, unknown to older psql) and
 * its closing `\unrestrict KEY` are dropped by their random key.
 */
export class PortableDump {
  private preamble = true;
  private restrictKey: string | undefined;

  line(line: string): string | undefined {
    if (this.preamble) {
      const restrict = /^\\restrict (\S+)\s*$/.exec(line);
      if (restrict) {
        this.restrictKey = restrict[1];
        return undefined;
      }
      if (NEWER_SETTING.test(line)) return undefined;
      if (!PREAMBLE_LINE.test(line)) this.preamble = false;
      return line;
    }
    if (this.restrictKey !== undefined && line.trimEnd() === `\\unrestrict ${this.restrictKey}`) return undefined;
    return line;
  }
}

export function portableDump(sql: string): string {
  const filter = new PortableDump();
  return sql
    .split("\n")
    .filter((line) => filter.line(line) !== undefined)
    .join("\n");
}

/** What pglite-tools' pg_dump needs of a database: raw protocol round trips answered at once. */
export interface RawProtocol {
  execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void>;
}

export async function dumpWithPgliteTools(target: RawProtocol): Promise<string> {
  const pg = {
    execProtocolRawStream: (message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) =>
      target.execProtocolRawStream(message, options),
    // pgDump reads the search path before and sets it back after its run; the caller resets the whole
    // session instead, so these need not reach the database.
    query: async () => ({ rows: [{ search_path: "public" }] }),
    exec: async () => [],
  };
  const file = await pgDump({ pg: pg as unknown as PGlite, args: PG_DUMP_ARGS });
  return portableDump(await file.text());
}

/** Written beside the target and renamed, so a failed backup never leaves half a file; owner-only (personal data). */
export async function writePrivately(file: string, content: string): Promise<void> {
  const temporary = temporaryName(file);
  try {
    await writeFile(temporary, content, { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export class PgDumpMissingError extends Error {
  constructor() {
    super(
      "pg_dump ist nicht installiert. Für eine Sicherung der PostgreSQL-Datenbank brauchst du die PostgreSQL-Client-Werkzeuge " +
        "in der Version deines Servers oder neuer (z. B. „apt install postgresql-client“ oder „brew install libpq“). " +
        "Oder nutze die Sicherung deines Datenbank-Anbieters.",
    );
    this.name = "PgDumpMissingError";
  }
}

/** Runs the installed pg_dump; the password goes through the environment, not the process list. */
export async function dumpPostgres(databaseUrl: string, file: string, command = "pg_dump"): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const child = spawn(command, [...PG_DUMP_ARGS, "--format=plain", `--dbname=${url.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-2000);
  });
  const exited = new Promise<number>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new PgDumpMissingError() : error));
    child.once("close", (code) => resolve(code ?? 1));
  });
  const temporary = temporaryName(file);
  try {
    await Promise.all([pipeline(child.stdout, portableLines(), createWriteStream(temporary, { mode: 0o600 })), exited]);
    const code = await exited;
    if (code !== 0) throw new Error(`pg_dump ist mit Code ${code} gescheitert: ${stderr.trim()}`);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** `PortableDump` on a stream of text. */
function portableLines(): Transform {
  let rest = "";
  // Decoded across chunk borders, so a character split between two chunks stays whole.
  const decoder = new StringDecoder("utf8");
  const filter = new PortableDump();
  const keep = (lines: string[]) =>
    lines
      .map((line) => filter.line(line))
      .filter((line) => line !== undefined)
      .map((line) => `${line}\n`)
      .join("");
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (rest + decoder.write(chunk)).split("\n");
      rest = lines.pop()!;
      done(null, keep(lines));
    },
    flush(done) {
      const last = rest + decoder.end();
      done(null, last ? keep([last]).slice(0, -1) : "");
    },
  });
}

function temporaryName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}
