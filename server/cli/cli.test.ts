/** `npm run leads -- list` and `-- export --csv` against a real database with stored submissions. */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { openDb } from "../db";
import { readMigrations } from "../db/migrate";
import {
  createPostgresDatabaseUrl,
  databaseTargets,
  postgresSkipReason,
  seedPgliteDataDir,
  type TestDatabase,
} from "../test-support/databases";
import { runCli } from "./run";

const LEADS = [
  { email: "juergen@beispiel.de", name: "Jürgen Groß" },
  { email: "formel@beispiel.de", name: '=HYPERLINK("http://boese.example")' },
  { email: "steuer@beispiel.de", name: "Max\u001b[31m Rot" },
];

async function store(db: TestDatabase["db"]): Promise<void> {
  for (const lead of LEADS) {
    await db.query(
      "INSERT INTO leads (email, name, form_page, consent_text_version, privacy_version) VALUES ($1, $2, '/', '2026-11-21', 'sha256:abc')",
      [lead.email, lead.name],
    );
  }
  await db.query("UPDATE leads SET status = 'confirmed', confirmed_at = now() WHERE email = 'juergen@beispiel.de'");
  await db.query(
    "INSERT INTO contact_requests (name, email, message, form_page) VALUES ('José', 'jose@beispiel.de', $1, '/kontakt-unterstuetzung')",
    ['Hallo; wie geht\'s?\nZweite Zeile mit "Anführungszeichen"'],
  );
}

for (const target of databaseTargets()) {
  describe(`leads CLI on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let env: Record<string, string | undefined>;
    let outDir: string;

    before(async () => {
      database = await target.create();
      await store(database.db);
      env = { DATA_DIR: database.config.dataDir, DATABASE_URL: database.config.databaseUrl };
      // PGlite admits one process at a time: the CLI opens the database itself.
      if (target.driver === "pglite") await database.db.close();
      outDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-export-"));
    });
    after(async () => {
      await database?.drop();
      await rm(outDir, { recursive: true, force: true });
    });

    it("login-link prints a working one-time link for an owner or editor and refuses other addresses", async () => {
      const lines: string[] = [];
      const ownerEnv = {
        ...env,
        OWNER_EMAILS: "inhaber@beispiel.de",
        EDITOR_EMAILS: "redaktion@beispiel.de",
        SITE_URL: "https://www.beispiel.de",
      };
      const editorLines: string[] = [];
      assert.equal(await runCli(["login-link", "redaktion@beispiel.de"], (line) => editorLines.push(line), ownerEnv), 0);
      assert.match(editorLines.join("\n"), /^https:\/\/www\.beispiel\.de\/verwaltung\/anmelden\?token=/m);
      assert.equal(await runCli(["login-link", "Inhaber@beispiel.de"], (line) => lines.push(line), ownerEnv), 0);
      const link = /^https:\/\/www\.beispiel\.de\/verwaltung\/anmelden\?token=([A-Za-z0-9_-]{43})$/m.exec(lines.join("\n"));
      assert.ok(link, lines.join("\n"));
      const refused: string[] = [];
      assert.equal(await runCli(["login-link", "fremd@beispiel.de"], (line) => refused.push(line), ownerEnv), 2);
      assert.match(refused.join("\n"), /fremd@beispiel\.de steht weder in OWNER_EMAILS noch in EDITOR_EMAILS/);
      const off: string[] = [];
      assert.equal(await runCli(["login-link", "inhaber@beispiel.de"], (line) => off.push(line), env), 2);
      assert.match(off.join("\n"), /Verwaltung ist aus/);
      // The printed token is the one stored (as its hash), unused and valid for 10 minutes.
      const db = await openDb({ databaseUrl: database.config.databaseUrl, dataDir: database.config.dataDir });
      try {
        const { rows } = await db.query<{ minutes: number }>(
          `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::integer AS minutes FROM owner_login_tokens
            WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex') AND used_at IS NULL`,
          [link[1]],
        );
        assert.deepEqual(rows, [{ minutes: 10 }]);
      } finally {
        await db.close();
      }
    });

    it("list shows leads and contact requests in German, without terminal escape sequences", async () => {
      const lines: string[] = [];
      assert.equal(await runCli(["list"], (line) => lines.push(line), env), 0);
      const output = lines.join("\n");
      assert.match(output, /^Leads \(3\)/);
      assert.match(output, /Kontaktanfragen \(1\)/);
      assert.match(output, /bestätigt .*juergen@beispiel\.de +Jürgen Groß/);
      assert.match(output, /unbestätigt/);
      assert.match(output, /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
      assert.match(output, /jose@beispiel\.de +José +Hallo; wie geht's\? Zweite Zeile/);
      assert.ok(!output.includes("\u001b"), "no escape character reaches the terminal");
    });

    it("export --csv writes both tables as spreadsheet files only the owner can read", async () => {
      const lines: string[] = [];
      assert.equal(await runCli(["export", "--csv", "--out", outDir], (line) => lines.push(line), env), 0);
      const date = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());
      const leadFile = path.join(outDir, `leads-${date}.csv`);
      const contactFile = path.join(outDir, `kontaktanfragen-${date}.csv`);
      assert.match(lines.join("\n"), /3 Leads → .*leads-/);

      const leads = await readFile(leadFile, "utf8");
      assert.ok(
        leads.startsWith(
          "\uFEFFID;E-Mail;Name;Status;Eingetragen am;Bestätigt am;Formularseite;Version Einwilligungstext;Version Datenschutzerklärung\r\n",
        ),
      );
      assert.match(
        leads,
        /;juergen@beispiel\.de;Jürgen Groß;bestätigt;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2};\d{2}\.\d{2}\.\d{4} [\d:]+;\/;2026-11-21;sha256:abc\r\n/,
      );
      assert.match(leads, /;formel@beispiel\.de;"'=HYPERLINK\(""http:\/\/boese\.example""\)";unbestätigt;/);
      assert.equal(leads.split("\r\n").length, 5, "header, three leads, final line end");

      const contacts = await readFile(contactFile, "utf8");
      assert.match(contacts, /;jose@beispiel\.de;José;"Hallo; wie geht's\?\nZweite Zeile mit ""Anführungszeichen""";/);
      for (const file of [leadFile, contactFile]) assert.equal((await stat(file)).mode & 0o777, 0o600);
    });

    it(
      "backup writes a SQL dump only the owner can read, which psql restores into an empty PostgreSQL database",
      { skip: postgresSkipReason() || (spawnSync("psql", ["--version"]).status !== 0 && "psql ist nicht installiert") },
      async () => {
        const file = path.join(outDir, "sicherung.sql");
        const lines: string[] = [];
        assert.equal(await runCli(["backup", "--out", file], (line) => lines.push(line), env), 0);
        assert.match(lines.join("\n"), /Sicherung geschrieben: .*sicherung\.sql/);
        assert.equal((await stat(file)).mode & 0o777, 0o600);
        const dump = await readFile(file, "utf8");
        assert.doesNotMatch(dump, /transaction_timeout|OWNER TO|GRANT /, "portable: no newer settings, owners or grants");

        const target = await createPostgresDatabaseUrl();
        try {
          const restore = spawnSync("psql", [target.url, "-v", "ON_ERROR_STOP=1", "-1", "-q", "-f", file], { encoding: "utf8" });
          assert.equal(restore.status, 0, restore.stderr);
          const restored = await openDb({ databaseUrl: target.url, dataDir: outDir }, { migrate: false });
          try {
            const leads = await restored.query<{ email: string; name: string }>("SELECT email, name FROM leads ORDER BY id");
            assert.deepEqual(leads.rows, LEADS);
            const contacts = await restored.query<{ message: string }>("SELECT message FROM contact_requests");
            assert.deepEqual(contacts.rows, [{ message: 'Hallo; wie geht\'s?\nZweite Zeile mit "Anführungszeichen"' }]);
            const migrations = await restored.query("SELECT version FROM schema_migrations");
            assert.equal(migrations.rows.length, (await readMigrations()).length);
          } finally {
            await restored.close();
          }
        } finally {
          await target.drop();
        }
      },
    );

    it("explains its usage for a missing format, a directory as backup file or an unknown command", async () => {
      const lines: string[] = [];
      assert.equal(await runCli(["backup", "--out", outDir], (line) => lines.push(line), env), 2);
      assert.match(lines.join("\n"), /--out nennt das Verzeichnis .*; gib eine Datei an/);
      lines.length = 0;
      assert.equal(await runCli(["export"], (line) => lines.push(line), env), 2);
      assert.match(lines.join("\n"), /Bitte gib das Format an: export --csv[\s\S]*Aufruf:/);
      lines.length = 0;
      assert.equal(await runCli(["loeschen-alles"], (line) => lines.push(line), env), 2);
      assert.match(lines.join("\n"), /Unbekannter Befehl „loeschen-alles“/);
    });
  });
}

describe("PGlite data directory", () => {
  it("refuses a second process while another one has it open", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-lock-"));
    await seedPgliteDataDir(dataDir);
    const holder = spawn("sleep", ["30"]);
    try {
      await writeFile(path.join(dataDir, "pglite.lock"), String(holder.pid));
      await assert.rejects(openDb({ databaseUrl: undefined, dataDir }), /ist schon von Prozess \d+ geöffnet/);
      holder.kill();
      await new Promise((resolve) => holder.once("exit", resolve));
      // The holder is gone: its lock is stale and the directory free again.
      const db = await openDb({ databaseUrl: undefined, dataDir });
      await db.close();
    } finally {
      holder.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
