/**
 * The proof of consent of every sign-up is kept: an address that unsubscribes and signs up again gets a
 * second proof beside the first, each with its own page, versions and times. `leads show` lists both,
 * `leads purge` ends only the one whose period after unsubscribing ran out, `leads erase` removes all.
 */
import assert from "node:assert/strict";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { simpleParser } from "mailparser";
import site from "../content/site.json";
import { buildApp, loggerOptions } from "./app";
import { runCli } from "./cli/run";
import { loadConfig } from "./config";
import { openDb } from "./db";
import { MIGRATIONS_DIR, migrate } from "./db/migrate";
import type { ConsentVersions } from "./services/submission";
import { LogCapture, clickThrough, linkIn, onBothDrivers, outboxSettled, testConfig } from "./test-support/app-harness";
import type { EmptyDatabase } from "./test-support/databases";
import { databaseTargets } from "./test-support/databases";

const OLD_VERSIONS: ConsentVersions = { consentText: "2025-01-01", privacyStatement: "sha256:alt", newslettersPerMonth: 2 };
const NEW_VERSIONS: ConsentVersions = { consentText: "2026-11-21", privacyStatement: "sha256:neu", newslettersPerMonth: 3 };

type Person = Record<string, Record<string, unknown>[]>;

async function cli(database: EmptyDatabase, ...argv: string[]): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await runCli(argv, (line) => lines.push(line), { ...database.env, LOG_LEVEL: "silent" });
  return { code, output: lines.join("\n") };
}

async function show(database: EmptyDatabase, email: string): Promise<Person> {
  return JSON.parse((await cli(database, "show", email)).output) as Person;
}

/** The link of the newest mail of that kind to that address, from the .eml outbox. */
async function newestLink(database: EmptyDatabase, email: string, kind: string, prefix: string): Promise<string> {
  const dir = path.join(database.config.dataDir, "outbox");
  const files = (await readdir(dir))
    .filter((name) => name.endsWith(`${kind}.eml`))
    .sort()
    .reverse();
  for (const file of files) {
    const mail = await simpleParser(await readFile(path.join(dir, file)));
    if (mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === email) {
      return linkIn(mail.text ?? "", prefix);
    }
  }
  throw new Error(`no ${kind} mail for ${email}`);
}

/** One visit of the site under the given consent versions: the app is closed afterwards (PGlite has one opener). */
async function withApp(
  database: EmptyDatabase,
  versions: ConsentVersions,
  work: (
    inject: (method: "GET" | "POST", url: string, referer?: string, payload?: object) => Promise<string | undefined>,
    click: (link: string) => Promise<string | undefined>,
  ) => Promise<void>,
): Promise<void> {
  const config = testConfig(database);
  const app = await buildApp({ config, logger: loggerOptions(config.logLevel, new LogCapture()), consentVersions: versions });
  await app.ready();
  try {
    await work(
      async (method, url, referer, payload) => {
        const response = await app.inject({ method, url, payload, headers: referer ? { referer } : {} });
        assert.ok(response.statusCode < 400, `${method} ${url}: ${response.statusCode} ${response.body}`);
        await outboxSettled(app);
        return response.headers.location as string | undefined;
      },
      async (link) => {
        const location = await clickThrough(app, link);
        await outboxSettled(app);
        return location;
      },
    );
  } finally {
    await app.close();
  }
}

async function signUp(database: EmptyDatabase, versions: ConsentVersions, name: string, email: string, page: string) {
  // Out of the one-day re-send window of an earlier confirmation request, as a real second sign-up would be.
  await sql(database, "UPDATE leads SET confirmation_sent_at = confirmation_sent_at - interval '25 hours' WHERE email = $1", [
    email,
  ]);
  await withApp(database, versions, async (inject) => {
    await inject("POST", "/api/leads", `http://localhost:80${page}`, { name, email, website: "" });
  });
}

async function confirm(database: EmptyDatabase, email: string): Promise<void> {
  const link = await newestLink(database, email, "lead-confirmation", "/api/leads/confirm?token=");
  await withApp(database, NEW_VERSIONS, async (_inject, click) => {
    assert.equal(await click(link), "/anmeldung-bestaetigt");
  });
}

async function unsubscribe(database: EmptyDatabase, email: string): Promise<void> {
  const link = await newestLink(database, email, "lead-welcome", "/api/leads/unsubscribe?token=");
  await withApp(database, NEW_VERSIONS, async (_inject, click) => {
    assert.equal(await click(link), "/abmeldung-bestaetigt");
  });
}

async function sql(database: EmptyDatabase, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const db = await openDb(loadConfig(database.env));
  try {
    return (await db.query(text, params)).rows;
  } finally {
    await db.close();
  }
}

onBothDrivers("consent history", async (t, database) => {
  const email = "karl.zweimal@example.de";

  await t.test("sign up, confirm, unsubscribe, sign up again, confirm: both proofs are shown", async () => {
    await signUp(database, OLD_VERSIONS, "Karl Zweimal", email, "/bewegung-alltag");
    await confirm(database, email);
    await unsubscribe(database, email);
    const first = (await show(database, email)).consents!;
    assert.equal(first.length, 1);
    assert.ok(first[0]!.confirmed_at && first[0]!.unsubscribed_at, "the first proof is confirmed and ended");

    await signUp(database, NEW_VERSIONS, "Karl Zweimal", email, "/gesunde-rezepte");
    const pending = await show(database, email);
    assert.equal(pending.leads![0]!.status, "pending");
    assert.deepEqual(pending.consents![0], first[0], "signing up again leaves the earlier proof untouched");
    assert.equal(pending.consents![1]!.confirmed_at, null);

    await confirm(database, email);
    const data = await show(database, email);
    assert.equal(data.leads!.length, 1, "still one lead per address");
    assert.equal(data.leads![0]!.status, "confirmed");
    const [older, newer] = data.consents!;
    assert.equal(data.consents!.length, 2);
    assert.deepEqual(older, first[0]);
    assert.equal(older!.form_page, "/bewegung-alltag");
    assert.equal(older!.consent_text_version, OLD_VERSIONS.consentText);
    assert.equal(older!.privacy_version, OLD_VERSIONS.privacyStatement);
    assert.equal(newer!.form_page, "/gesunde-rezepte");
    assert.equal(newer!.consent_text_version, NEW_VERSIONS.consentText);
    assert.equal(newer!.privacy_version, NEW_VERSIONS.privacyStatement);
    assert.equal(newer!.newsletters_per_month, NEW_VERSIONS.newslettersPerMonth, "the limit the person agreed to");
    assert.equal(newer!.unsubscribed_at, null);
    const time = (value: unknown) => new Date(value as string).getTime();
    assert.ok(time(older!.submitted_at) <= time(older!.confirmed_at));
    assert.ok(time(older!.confirmed_at) <= time(older!.unsubscribed_at));
    assert.ok(time(older!.unsubscribed_at) <= time(newer!.submitted_at));
    assert.ok(time(newer!.submitted_at) <= time(newer!.confirmed_at));
    assert.equal(newer!.confirmed_at, data.leads![0]!.confirmed_at, "the lead row shows the current proof");
  });

  await t.test("purge ends only the proof whose period after unsubscribing ran out", async () => {
    const before = (await show(database, email)).consents!;
    const quiet = await cli(database, "purge");
    assert.match(quiet.output, /; 0 Einwilligungsnachweis\(e\)/);
    assert.deepEqual((await show(database, email)).consents, before, "within the period both stay");

    // The first sign-up moves into the past: unsubscribed a day more than consentProofYears ago.
    await sql(
      database,
      `UPDATE lead_consents
          SET submitted_at = submitted_at - $1::integer * interval '1 year' - interval '2 days',
              confirmed_at = confirmed_at - $1::integer * interval '1 year' - interval '2 days',
              unsubscribed_at = unsubscribed_at - $1::integer * interval '1 year' - interval '1 day'
        WHERE unsubscribed_at IS NOT NULL`,
      [site.retention.consentProofYears],
    );
    const { code, output } = await cli(database, "purge");
    assert.equal(code, 0);
    assert.match(output, /; 1 Einwilligungsnachweis\(e\)/);
    const after = await show(database, email);
    assert.deepEqual(after.consents, [before[1]], "only the new proof is left");
    assert.equal(after.leads![0]!.status, "confirmed");
    assert.equal(after.leads![0]!.consent_text_version, NEW_VERSIONS.consentText);
  });

  await t.test("erase removes the whole history", async () => {
    await sql(
      database,
      "INSERT INTO lead_consents (lead_id, form_page, submitted_at, consent_text_version, privacy_version) SELECT id, '/', now(), 'v', 'v' FROM leads",
    );
    assert.equal((await show(database, email)).consents!.length, 2);
    const { code } = await cli(database, "erase", email.toUpperCase());
    assert.equal(code, 0);
    assert.deepEqual((await show(database, email)).consents, []);
    assert.deepEqual(await sql(database, "SELECT count(*)::int AS n FROM lead_consents"), [{ n: 0 }]);
  });

  await t.test("an unconfirmed sign-up again lapses back to the block list and keeps the earlier proof", async () => {
    const lena = "lena.lapsed@example.de";
    await signUp(database, OLD_VERSIONS, "Lena Lapsed", lena, "/ernaehrung-traditionell");
    await confirm(database, lena);
    await unsubscribe(database, lena);
    const proof = (await show(database, lena)).consents![0]!;
    await signUp(database, NEW_VERSIONS, "Lena Lapsed", lena, "/gesunde-rezepte");
    // The new declaration stays unconfirmed past the deadline.
    await sql(
      database,
      `UPDATE leads SET submitted_at = submitted_at - $1::integer * interval '1 day' - interval '1 hour' WHERE email = $2`,
      [site.retention.unconfirmedLeadDays, lena],
    );
    await sql(
      database,
      `UPDATE lead_consents SET submitted_at = submitted_at - $1::integer * interval '1 day' - interval '1 hour'
        WHERE confirmed_at IS NULL`,
      [site.retention.unconfirmedLeadDays],
    );
    const { output } = await cli(database, "purge");
    assert.match(output, /Gelöscht: 1 unbestätigte/);

    const data = await show(database, lena);
    assert.deepEqual(data.consents, [proof], "the unconfirmed declaration is gone, the confirmed proof stays");
    const lead = data.leads![0]!;
    assert.equal(lead.status, "unsubscribed", "the address is back on the block list");
    assert.equal(lead.form_page, "/ernaehrung-traditionell");
    assert.equal(lead.consent_text_version, OLD_VERSIONS.consentText);
    assert.equal(lead.confirmed_at, proof.confirmed_at);
    assert.ok(lead.unsubscribed_at);
  });
});

for (const target of databaseTargets()) {
  test(`the migration copies each lead's proof into the history (${target.driver})`, { skip: target.skip }, async () => {
    const database = await target.create({ migrate: false });
    const earlier = await mkdtemp(path.join(os.tmpdir(), "urkraft-migrations-"));
    try {
      for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name < "004")) {
        await cp(path.join(MIGRATIONS_DIR, file), path.join(earlier, file));
      }
      await migrate(database.db, earlier);
      await database.db.exec(`
        INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at, unsubscribed_at)
        VALUES ('offen@example.de', 'Offen', '/', '2026-01-01T10:00:00Z', 'k1', 'p1', 'pending', NULL, NULL),
               ('dabei@example.de', 'Dabei', '/gesunde-rezepte', '2026-01-02T10:00:00Z', 'k2', 'p2', 'confirmed', '2026-01-02T11:00:00Z', NULL),
               ('weg@example.de', 'Weg', '/bewegung-alltag', '2026-01-03T10:00:00Z', 'k3', 'p3', 'unsubscribed', '2026-01-03T11:00:00Z', '2026-02-01T10:00:00Z'),
               ('wieder@example.de', 'Wieder', '/', '2026-03-01T10:00:00Z', 'k4', 'p4', 'pending', NULL, '2026-02-01T10:00:00Z');
        INSERT INTO leads (email, status, unsubscribed_at) VALUES ('gesperrt@example.de', 'unsubscribed', '2020-01-01T00:00:00Z');`);
      const applied = await migrate(database.db);
      assert.equal(applied[0], "004_consent_history.sql", "the history migration runs first on these leads");
      const { rows } = await database.db.query<Record<string, unknown>>(
        `SELECT l.email, c.form_page, c.consent_text_version, c.privacy_version,
                c.submitted_at = l.submitted_at AS same_time, c.confirmed_at IS NOT NULL AS confirmed,
                c.unsubscribed_at IS NOT NULL AS unsubscribed
           FROM lead_consents c JOIN leads l ON l.id = c.lead_id ORDER BY l.email`,
      );
      assert.deepEqual(rows, [
        {
          email: "dabei@example.de",
          form_page: "/gesunde-rezepte",
          consent_text_version: "k2",
          privacy_version: "p2",
          same_time: true,
          confirmed: true,
          unsubscribed: false,
        },
        {
          email: "offen@example.de",
          form_page: "/",
          consent_text_version: "k1",
          privacy_version: "p1",
          same_time: true,
          confirmed: false,
          unsubscribed: false,
        },
        {
          email: "weg@example.de",
          form_page: "/bewegung-alltag",
          consent_text_version: "k3",
          privacy_version: "p3",
          same_time: true,
          confirmed: true,
          unsubscribed: true,
        },
        {
          email: "wieder@example.de",
          form_page: "/",
          consent_text_version: "k4",
          privacy_version: "p4",
          same_time: true,
          confirmed: false,
          unsubscribed: false,
        },
      ]);
    } finally {
      await rm(earlier, { recursive: true, force: true });
      await database.drop();
    }
  });
}
