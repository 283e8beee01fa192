/**
 * Raising the monthly limit raises it for new sign-ups only: a person who agreed to „höchstens vier E-Mails
 * im Monat“ gets at most four after site.json says eight, a person who signed up under eight gets more, and
 * whoever is left out at their limit is counted for the owner (`npm run leads -- newsletter list`). Both sign
 * up through the form, each under the content of their day; five newsletters a week apart (the most the
 * gap between two allows in a month) go out in May 2027.
 */
import assert from "node:assert/strict";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp, loggerOptions } from "../app";
import { runCli } from "../cli/run";
import { onBothDrivers, testConfig } from "../test-support/app-harness";
import { postJson } from "../test-support/test-app";
import { parseLocalDateTime } from "./month";
import { createNewsletter, scheduleNewsletter } from "./newsletters";
import { skippedAtLimit, startDueNewsletters } from "./sending";

const HOME = { referer: "http://localhost/" };

/** A copy of content/ whose consent text and number promise `word` (`count`) newsletters a month. */
async function contentWithLimit(count: number, word: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-limit-"));
  await cp(path.resolve("content"), dir, { recursive: true });
  const file = path.join(dir, "site.json");
  const site = (await readFile(file, "utf8"))
    .replace('"newslettersPerMonth": 2', `"newslettersPerMonth": ${count}`)
    .replace("höchstens zwei E-Mails im Monat", `höchstens ${word} E-Mails im Monat`);
  assert.match(site, new RegExp(`"newslettersPerMonth": ${count}[\\s\\S]*höchstens ${word} E-Mails`));
  await writeFile(file, site);
  return dir;
}

/** Signs `email` up through the form and confirms it, as the link would, long before the newsletters. */
async function signUp(app: FastifyInstance, email: string): Promise<void> {
  const response = await postJson(app, "/api/leads", { name: "Leser", email, website: "" }, HOME);
  assert.equal(response.statusCode, 202, response.body);
  await app.db.query("UPDATE leads SET status = 'confirmed', confirmed_at = '2027-04-01T09:00:00Z' WHERE email = $1", [email]);
  await app.db.query(
    "UPDATE lead_consents SET confirmed_at = '2027-04-01T09:00:00Z' WHERE lead_id = (SELECT id FROM leads WHERE email = $1)",
    [email],
  );
}

onBothDrivers("each person gets the lower of the limit in force and the one they agreed to", async (t, database) => {
  const four = await contentWithLimit(4, "vier");
  const eight = await contentWithLimit(8, "acht");
  t.after(() => Promise.all([rm(four, { recursive: true, force: true }), rm(eight, { recursive: true, force: true })]));
  const config = testConfig(database, { MAIL_WORKER: "false" });
  const start = (contentDir: string) => buildApp({ config, contentDir, logger: loggerOptions("silent") });

  const before = await start(four);
  await signUp(before, "vorher@beispiel.de");
  await before.close();
  const app = await start(eight);
  let closed = false;
  t.after(() => (closed ? undefined : app.close()));
  await signUp(app, "nachher@beispiel.de");

  const { rows: agreed } = await app.db.query<{ email: string; newsletters_per_month: number }>(
    "SELECT l.email, c.newsletters_per_month FROM lead_consents c JOIN leads l ON l.id = c.lead_id ORDER BY l.email",
  );
  assert.deepEqual(
    agreed.map((row) => ({ ...row })),
    [
      { email: "nachher@beispiel.de", newsletters_per_month: 8 },
      { email: "vorher@beispiel.de", newsletters_per_month: 4 },
    ],
  );

  let now = new Date();
  const clocked = { ...app.mail, clock: () => now };
  assert.equal(clocked.site.consent.newslettersPerMonth, 8);
  const started: { id: number; recipients: number }[] = [];
  for (const day of ["01", "08", "15", "22", "29"]) {
    now = parseLocalDateTime(`2027-05-${day} 09:00`, "Europe/Berlin");
    const id = await createNewsletter(
      app.db,
      clocked,
      { subject: `Mai ${day}`, preheader: "", body: "Neue Rezepte." },
      "inhaber@urkraft.de",
    );
    await scheduleNewsletter(app.db, clocked, id, parseLocalDateTime(`2027-05-${day} 10:00`, "Europe/Berlin"));
    now = parseLocalDateTime(`2027-05-${day} 10:00`, "Europe/Berlin");
    started.push(...(await startDueNewsletters(app.db, clocked)));
  }
  assert.deepEqual(
    started.map((one) => one.recipients),
    [2, 2, 2, 2, 1],
  );
  const { rows: received } = await app.db.query<{ email: string; n: number }>(
    `SELECT l.email, count(m.id)::int AS n FROM leads l JOIN mail_outbox m ON m.lead_id = l.id AND m.kind = 'newsletter'
      GROUP BY l.email ORDER BY l.email`,
  );
  assert.deepEqual(
    received.map((row) => ({ ...row })),
    [
      { email: "nachher@beispiel.de", n: 5 },
      { email: "vorher@beispiel.de", n: 4 },
    ],
  );
  assert.deepEqual([...(await skippedAtLimit(app.db))], [[started[4]!.id, 1]]);

  await app.close();
  closed = true;
  const lines: string[] = [];
  assert.equal(await runCli(["newsletter", "list"], (line) => lines.push(line), database.env), 0);
  const [header, ...rows] = lines.join("\n").split("\n").slice(1);
  assert.match(header!, /abgemeldet +am Limit ausgelassen$/);
  assert.match(
    rows.find((row) => row.includes("Mai 29"))!,
    / 1 +0 +1 +0 +0 +0 +1$/,
  );
  assert.match(
    rows.find((row) => row.includes("Mai 22"))!,
    / 2 +0 +2 +0 +0 +0 +0$/,
  );
});
