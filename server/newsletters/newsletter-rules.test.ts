/**
 * The rules around a newsletter: its text (empty, 1 MB, HTML and script tags, bad links), the consent's
 * number kept beside the consent text by the content check, and a schedule across the switch to summer
 * time, started on both drivers at the right instant and not before.
 */
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { loadMailContext } from "../mail/context";
import { onBothDrivers, startApp, testConfig } from "../test-support/app-harness";
import { newsletterLimitProblems } from "../../common/content/newsletter-limit";
import { parseLocalDateTime } from "./month";
import { createNewsletter, getNewsletter, scheduleNewsletter } from "./newsletters";
import { checkNewsletterText, NewsletterInputError } from "./render";
import { startDueNewsletters } from "./sending";
import { purgeExpired } from "../services/privacy";

const context = loadMailContext(path.resolve("content"));

function problemsOf(input: Record<string, unknown>): string[] {
  try {
    checkNewsletterText(context, input);
    return [];
  } catch (error) {
    assert.ok(error instanceof NewsletterInputError);
    return error.problems;
  }
}

test("an empty, a 1 MB or a broken text is refused with a clear German message", () => {
  assert.deepEqual(problemsOf({ subject: "Hallo", body: "  \n " }), [
    "Der Text ist leer. Schreib den Newsletter, bevor du ihn speicherst oder sendest.",
  ]);
  assert.deepEqual(problemsOf({ subject: "", body: "Text" }), ["Bitte gib einen Betreff ein."]);
  const [tooLong] = problemsOf({ subject: "Hallo", body: "x".repeat(1024 * 1024) });
  assert.equal(
    tooLong,
    "Der Text ist 1.048.576 Zeichen lang; höchstens 100.000 sind möglich. Kürze ihn – ein Newsletter, der so lang ist, wird nicht gelesen.",
  );
  // Markdown reads balanced brackets in a target: the message quotes it whole.
  assert.deepEqual(problemsOf({ subject: "Hallo", body: "[Klick](javascript:alert(1))" }), [
    "Der Link „javascript:alert(1)“ führt nicht auf eine Adresse mit https://, http:// oder mailto:. Bitte korrigiere ihn.",
  ]);
  assert.match(
    problemsOf({ subject: "Hallo {{vorname}}", body: "Text" })[0]!,
    /^Unbekannter Platzhalter \{\{vorname\}\}\. Möglich sind: .*\{\{name\}\}/,
  );
  // A name in a link's address breaks it for every name with a space and puts visitor text into a URL.
  for (const body of [
    "[Dein Plan](https://www.urkraft.de/plan?fuer={{name}})",
    "Hallo {{name}},\n\n[Los geht's](https://www.urkraft.de/{{name}}/plan)",
  ])
    assert.deepEqual(problemsOf({ subject: "Hallo", body }), [
      `Der Link „${/\]\(([^)]+)\)/.exec(body)![1]}“ enthält einen persönlichen Platzhalter wie {{name}}. In einer Linkadresse hat er nichts zu suchen – ein Name mit Leerzeichen macht den Link kaputt. Nimm ihn aus der Adresse heraus; im Linktext oder im übrigen Text darfst du ihn gern verwenden.`,
    ]);
  assert.deepEqual(problemsOf({ subject: "Hallo {{name}}", body: "[Für dich, {{name}}]({{siteUrl}}/plan)" }), []);
  assert.deepEqual(problemsOf({ subject: "Hallo", body: `<script>alert(1)</script>\n\n${"lang ".repeat(5000)}` }), []);
});

test("the content check fails when the consent text and its number disagree", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-limit-"));
  try {
    await cp(path.resolve("content"), dir, { recursive: true });
    assert.deepEqual(newsletterLimitProblems(dir), []);
    const file = path.join(dir, "site.json");
    const original = await readFile(file, "utf8");
    await writeFile(file, original.replace('"newslettersPerMonth": 2', '"newslettersPerMonth": 3'));
    assert.deepEqual(newsletterLimitProblems(dir), [
      "content/site.json, Feld „consent.text“: verspricht höchstens 2 E-Mails im Monat, consent.newslettersPerMonth sagt 3 – ändere beide zusammen",
    ]);
    await writeFile(file, original.replace("höchstens zwei E-Mails im Monat", "höchstens drei E-Mails im Monat"));
    assert.equal(newsletterLimitProblems(dir).length, 1);
    await writeFile(file, original.replace("höchstens zwei E-Mails im Monat", "regelmäßig E-Mails"));
    assert.match(newsletterLimitProblems(dir)[0]!, /muss sagen, wie viele E-Mails im Monat höchstens kommen/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("a local time is read in Europe/Berlin across the switch to summer time", () => {
  assert.equal(parseLocalDateTime("2027-03-27 10:00", "Europe/Berlin").toISOString(), "2027-03-27T09:00:00.000Z");
  assert.equal(parseLocalDateTime("2027-03-28 10:00", "Europe/Berlin").toISOString(), "2027-03-28T08:00:00.000Z");
  // 02:30 does not exist that night: the clock jumps from 02:00 to 03:00.
  assert.equal(parseLocalDateTime("2027-03-28 02:30", "Europe/Berlin").toISOString(), "2027-03-28T01:30:00.000Z");
  assert.throws(() => parseLocalDateTime("2027-02-30 10:00", "Europe/Berlin"), /ist kein Zeitpunkt im Format JJJJ-MM-TT HH:MM/);
});

onBothDrivers("a newsletter scheduled across the switch to summer time", async (t, database) => {
  const app = await startApp(testConfig(database, { MAIL_WORKER: "false" }));
  t.after(() => app.close());
  await app.db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
     VALUES ('leser@example.de', 'Leser', '/', '2027-03-01', 'v1', 'p1', 'confirmed', '2027-03-02')`,
  );
  let now = new Date("2027-03-27T12:00:00Z");
  const clocked = { ...app.mail, clock: () => now };
  const id = await createNewsletter(
    app.db,
    clocked,
    { subject: "Sonntag", preheader: "", body: "Guten Morgen." },
    "inhaber@urkraft.de",
  );
  const sendAt = await scheduleNewsletter(app.db, clocked, id, parseLocalDateTime("2027-03-28 10:00", "Europe/Berlin"));
  assert.equal(sendAt.toISOString(), "2027-03-28T08:00:00.000Z");
  // 09:59 summer time is 07:59 UTC; at 09:00 UTC (winter time's 10:00) it would be an hour late.
  now = new Date("2027-03-28T07:59:00Z");
  assert.deepEqual(await startDueNewsletters(app.db, clocked), []);
  now = new Date("2027-03-28T08:00:00Z");
  assert.deepEqual(await startDueNewsletters(app.db, clocked), [{ id, recipients: 1 }]);
  assert.equal((await getNewsletter(app.db, id))!.status, "sending");
  assert.deepEqual(await startDueNewsletters(app.db, clocked), [], "started once");
});

onBothDrivers("retention of the undeliverable mark and of newsletter rows", async (t, database) => {
  const app = await startApp(testConfig(database, { MAIL_WORKER: "false" }));
  t.after(() => app.close());
  await app.db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at,
                        unsubscribed_at, undeliverable_at, undeliverable_reason)
     VALUES ('alt@example.de', 'Alt', '/', now() - interval '5 years', 'v1', 'p1', 'unsubscribed', now() - interval '5 years',
             now() - interval '4 years', now() - interval '4 years', 'EENVELOPE 550 RCPT TO')`,
  );
  const id = await createNewsletter(app.db, app.mail, { subject: "Alt", preheader: "", body: "Text" }, "owner");
  for (const days of [31, 40])
    await app.db.query(
      `INSERT INTO mail_outbox (kind, recipient, person_email, subject, status, due_at, sent_at, created_at, newsletter_id)
       VALUES ('newsletter', $1, $1, 'Alt', 'sent', now() - $2::integer * interval '1 day', now() - $2::integer * interval '1 day',
               now() - $2::integer * interval '1 day', $3)`,
      [`tage${days}@example.de`, days, id],
    );
  await purgeExpired(app.db, app.mail.site.retention);
  const { rows } = await app.db.query<{ undeliverable_at: Date | null; undeliverable_reason: string | null }>(
    "SELECT undeliverable_at, undeliverable_reason FROM leads WHERE email = 'alt@example.de'",
  );
  assert.deepEqual(rows, [{ undeliverable_at: null, undeliverable_reason: null }], "thinned with the proof of consent");
  const kept = await app.db.query<{ recipient: string }>("SELECT recipient FROM mail_outbox WHERE newsletter_id = $1", [id]);
  assert.deepEqual(
    kept.rows.map((row) => row.recipient),
    ["tage31@example.de"],
    "kept past sentMailDays (30) while its month may still count",
  );
});
