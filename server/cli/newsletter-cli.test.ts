/**
 * `npm run leads -- newsletter send FILE.md --subject … [--at …]` and `newsletter list` as separate
 * processes on both drivers: a newsletter is scheduled in Berlin time, the third of a month is refused with
 * exit code 1 and the German message, an empty file too, and the list shows status and figures.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { openDb } from "../db";
import { onBothDrivers } from "../test-support/app-harness";
import { entryArgs } from "../test-support/entry-points";

const PROJECT_DIR = path.resolve(__dirname, "..", "..");

function cli(env: Record<string, string>, ...argv: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...entryArgs("cli"), ...argv], {
    cwd: PROJECT_DIR,
    env: { ...process.env, DATABASE_URL: undefined, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

onBothDrivers("leads CLI: newsletter", async (t, database) => {
  const db = await openDb(database.config, { migrate: true });
  await db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
     VALUES ('leser@example.de', 'Leser', '/', now() - interval '30 days', 'v1', 'p1', 'confirmed', now() - interval '20 days')`,
  );
  await db.close();
  const file = path.join(database.config.dataDir, "brief.md");
  await writeFile(file, "Hallo {{name}},\n\nneue Rezepte sind da.");
  const empty = path.join(database.config.dataDir, "leer.md");
  await writeFile(empty, "\n");
  const env = database.env;
  const at = "2030-03-31 10:00";

  await t.test("schedules two in a month, refuses the third with exit code 1", async () => {
    const first = await cli(env, "newsletter", "send", file, "--subject", "Erster Brief", "--at", at);
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /Newsletter 1 „Erster Brief“ ist geplant für 31\.03\.2030 10:00:00 \(Europe\/Berlin\)\./);
    const second = await cli(env, "newsletter", "send", file, "--subject", "Zweiter Brief", "--at", "2030-03-02 08:00");
    assert.equal(second.code, 0, second.output);
    const third = await cli(env, "newsletter", "send", file, "--subject", "Dritter Brief", "--at", "2030-03-15 08:00");
    assert.equal(third.code, 1, third.output);
    assert.equal(
      third.output.trim(),
      "Nicht gesendet: 1 Person bekäme damit im März 2030 mehr als 2 Newsletter – die Einwilligung verspricht höchstens 2 im Monat. Möglich ist der nächste Newsletter an alle ab 1. April 2030, 00:00 Uhr.",
    );
  });

  await t.test("an empty file is refused with a clear message", async () => {
    const run = await cli(env, "newsletter", "send", empty, "--subject", "Leer", "--at", "2030-05-01 08:00");
    assert.equal(run.code, 1);
    assert.match(run.output, /Der Text ist leer\./);
    const bad = await cli(env, "newsletter", "send", file, "--subject", "Bald", "--at", "morgen früh");
    assert.equal(bad.code, 2);
    assert.match(bad.output, /--at: „morgen früh“ ist kein Zeitpunkt im Format JJJJ-MM-TT HH:MM/);
  });

  await t.test("lists every newsletter with status and figures", async () => {
    const run = await cli(env, "newsletter", "list");
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /^Newsletter \(2\)$/m);
    assert.match(run.output, /^1 +geplant +31\.03\.2030 10:00:00 +Erster Brief +0 +0 +0 +0 +0 +0 +0$/m);
    assert.match(run.output, /^2 +geplant +02\.03\.2030 08:00:00 +Zweiter Brief/m);
  });
});
