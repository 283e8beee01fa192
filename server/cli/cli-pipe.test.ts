/**
 * The real command line (a separate process) writing into a pipe, on a database with 40,000 leads: everything
 * it prints arrives, byte for byte the same as the lines the command produced, and a reader that leaves after the
 * first chunk (`| head`) ends it quietly with exit code 0.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { databaseTargets, type TestDatabase } from "../test-support/databases";
import { runCli } from "./run";
import { entryArgs } from "../test-support/entry-points";

const PROJECT_DIR = path.resolve(__dirname, "..", "..");
const LEADS = 40_000;
const REQUESTS_OF_ONE_PERSON = 300;

interface PipedRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function cliProcess(env: Record<string, string>, command: string, args: string[]) {
  return spawn(command, args, {
    cwd: PROJECT_DIR,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function finished(child: ReturnType<typeof spawn>): Promise<PipedRun> {
  const chunks: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout: Buffer.concat(chunks), stderr })));
}

/** Runs the CLI with its standard output a pipe into this process. */
function piped(env: Record<string, string>, argv: string[]): Promise<PipedRun> {
  return finished(cliProcess(env, process.execPath, [...entryArgs("cli"), ...argv]));
}

/** `leads … | head -c 100` in a shell; the CLI's exit code is the last line on standard error. */
function intoHead(env: Record<string, string>, argv: string[]): Promise<PipedRun> {
  const cli = entryArgs("cli")
    .map((arg) => `'${arg}'`)
    .join(" ");
  const script = `"$0" ${cli} "$@" | head -c 100; echo "exit=\${PIPESTATUS[0]}" >&2`;
  return finished(cliProcess(env, "bash", ["-c", script, process.execPath, ...argv]));
}

/** What the command prints, as console.log writes it: each line with its line end. */
async function expectedOutput(env: Record<string, string>, argv: string[]): Promise<Buffer> {
  const lines: string[] = [];
  assert.equal(await runCli(argv, (line) => lines.push(line), env), 0);
  return Buffer.from(lines.map((line) => `${line}\n`).join(""), "utf8");
}

for (const target of databaseTargets()) {
  describe(`leads CLI into a pipe on ${target.driver}`, { skip: target.skip, timeout: 180_000 }, () => {
    let database: TestDatabase;

    before(async () => {
      database = await target.create();
      await database.db.query(
        `INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version)
         SELECT 'person-' || i || '@beispiel.de', 'Person Nummer ' || i, '/', '2026-11-21', 'sha256:abc'
           FROM generate_series(1, ${LEADS}) i`,
      );
      await database.db.query(
        `INSERT INTO contact_requests (name, email, message, form_page)
         SELECT 'Viel Schreiber', 'viel@beispiel.de', 'Anfrage ' || i || ': ' || repeat('Grüße aus München. ', 20), '/kontakt'
           FROM generate_series(1, ${REQUESTS_OF_ONE_PERSON}) i`,
      );
      // PGlite admits one process at a time: the CLI opens the database itself.
      if (target.driver === "pglite") await database.db.close();
    });
    after(async () => {
      await database?.drop();
    });

    for (const argv of [["list"], ["show", "viel@beispiel.de"]]) {
      it(`${argv[0]} delivers all of its output through a pipe`, async () => {
        const expected = await expectedOutput(database.env, argv);
        assert.ok(expected.length > 150_000, `${expected.length} bytes: more than a pipe buffers`);
        const run = await piped(database.env, argv);
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stderr, "");
        assert.equal(run.stdout.length, expected.length, "every byte arrived");
        assert.ok(run.stdout.equals(expected));
      });

      it(`${argv[0]} ends quietly with 0 when the reader leaves early (| head)`, async () => {
        const run = await intoHead(database.env, argv);
        assert.equal(run.stderr, "exit=0\n", "exit code 0, no stack trace");
        assert.equal(run.stdout.length, 100);
      });
    }
  });
}
