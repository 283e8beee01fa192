/**
 * A withdrawal that came by message („mit einer Nachricht an …“, as the consent text offers) is entered in
 * the owner area: `POST /api/verwaltung/person/abmelden` does exactly what the unsubscribe link does (status,
 * proof of consent kept with its end, plan mails and newsletter deliveries cancelled, webhook, the ledger a
 * restore replays), audited with the owner's note; only for owners, only with a recent login. Through
 * app.inject on PGlite and PostgreSQL, with sign-ups made and confirmed as a visitor does.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { databaseTargets, type TestDatabase } from "../../test-support/databases";
import { buildTestApp, postForm, postJson, type TestApp } from "../../test-support/test-app";
import { ageSessions } from "../../test-support/sessions";
import { clickThrough, linkIn } from "../../test-support/app-harness";
import { createNewsletter } from "../../newsletters/newsletters";
import { replayAfterRestore } from "../../services/restore-replay";

const OWNER = "inhaber@urkraft-test.de";
const EDITOR = "redaktion@urkraft-test.de";
const ORIGIN = { origin: "http://localhost" };
const NOTE = "per E-Mail am 26.11. (Antwort auf den Newsletter)";

function cookieOf(response: LightMyRequestResponse): string {
  const match = /(__Host-urkraft-verwaltung=[^;]+)/.exec(String(response.headers["set-cookie"] ?? ""));
  assert.ok(match, "a session cookie is set");
  return match[1]!;
}

interface LeadState {
  status: string;
  unsubscribed: boolean;
  proofs: { confirmed: boolean; ended: boolean }[];
  openConfirmLinks: number;
  /** Status of every mail to the person queued after the sign-up, and whether its text is still kept. */
  mails: { kind: string; status: string; kept: boolean }[];
  webhooks: string[];
}

for (const target of databaseTargets()) {
  describe(`unsubscribing a person in the owner area on ${target.driver}`, { skip: target.skip }, () => {
    let database: TestDatabase;
    let test: TestApp;

    const db = () => test.app.db;
    const post = (url: string, body: unknown, cookie: string) => postJson(test.app, url, body, { ...ORIGIN, cookie });
    const unsubscribe = (body: Record<string, unknown>, cookie: string) => post("/api/verwaltung/person/abmelden", body, cookie);

    async function login(email = OWNER): Promise<string> {
      assert.equal((await postJson(test.app, "/api/verwaltung/anmeldelink", { email }, ORIGIN)).statusCode, 202);
      await test.app.ownerLoginLinks.idle();
      const { rows } = await db().query<{ text: string }>(
        "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'owner-login' AND recipient = $1 ORDER BY id DESC LIMIT 1",
        [email],
      );
      const token = /\?token=([A-Za-z0-9_-]{43})/.exec(rows[0]!.text)![1];
      const response = await postJson(test.app, "/api/verwaltung/sitzung", { token }, ORIGIN);
      assert.equal(response.statusCode, 200, response.body);
      return cookieOf(response);
    }

    const mailText = async (email: string, kind: string) =>
      (
        await db().query<{ text: string }>(
          "SELECT message ->> 'text' AS text FROM mail_outbox WHERE person_email = $1 AND kind = $2 ORDER BY id DESC LIMIT 1",
          [email, kind],
        )
      ).rows[0]!.text;

    /** Signs up from the page; with `confirm`, clicks the confirmation link. Returns the unsubscribe link of the welcome mail. */
    async function signUp(email: string, confirm = true): Promise<string | undefined> {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { referer: "http://localhost/" },
        payload: { name: "Wiebke Widerruf", email, website: "" },
      });
      assert.equal(response.statusCode, 202, response.body);
      if (!confirm) return undefined;
      const confirmLink = linkIn(await mailText(email, "lead-confirmation"), "/api/leads/confirm?token=");
      assert.equal(await clickThrough(test.app, confirmLink), "/anmeldung-bestaetigt");
      return linkIn(await mailText(email, "lead-welcome"), "/api/leads/unsubscribe?token=");
    }

    /** A newsletter delivery waiting for the person, as sending queues it. */
    async function queueNewsletterFor(email: string): Promise<void> {
      const id = await createNewsletter(db(), test.app.mail, { subject: "Winterrezepte", preheader: "", body: "Text" }, OWNER);
      await db().query(
        `INSERT INTO mail_outbox (kind, recipient, person_email, lead_id, subject, status, due_at, newsletter_id)
         SELECT 'newsletter', email, email, id, 'Winterrezepte', 'pending', now(), $2 FROM leads WHERE email = $1`,
        [email, id],
      );
    }

    async function stateOf(email: string): Promise<LeadState> {
      const lead = (
        await db().query<{ id: number; status: string; unsubscribed_at: Date | null }>(
          "SELECT id, status, unsubscribed_at FROM leads WHERE email = $1",
          [email],
        )
      ).rows[0]!;
      const proofs = await db().query<{ confirmed: boolean; ended: boolean }>(
        `SELECT confirmed_at IS NOT NULL AS confirmed, unsubscribed_at IS NOT NULL AS ended FROM lead_consents
          WHERE lead_id = $1 ORDER BY id`,
        [lead.id],
      );
      const links = await db().query("SELECT 1 FROM lead_tokens WHERE lead_id = $1 AND purpose = 'confirm' AND used_at IS NULL", [
        lead.id,
      ]);
      const mails = await db().query<{ kind: string; status: string; kept: boolean }>(
        `SELECT kind, status, message IS NOT NULL AS kept FROM mail_outbox
          WHERE lead_id = $1 AND kind <> 'lead-confirmation' ORDER BY id`,
        [lead.id],
      );
      const webhooks = await db().query<{ event_type: string }>(
        `SELECT event_type FROM webhook_deliveries
          WHERE person_key = encode(sha256(convert_to(lower($1), 'UTF8')), 'hex') ORDER BY id`,
        [email],
      );
      return {
        status: lead.status,
        unsubscribed: lead.unsubscribed_at !== null,
        proofs: proofs.rows,
        openConfirmLinks: links.rows.length,
        mails: mails.rows,
        webhooks: webhooks.rows.map((row) => row.event_type),
      };
    }

    const unsubscribeAudit = async () =>
      (
        await db().query<{ owner_email: string; object: string }>(
          "SELECT owner_email, object FROM audit_log WHERE action = 'unsubscribe' ORDER BY id",
        )
      ).rows;
    const ledgerFor = (email: string) =>
      test.app.ledger.entries().filter((entry) => entry.key === test.app.ledger.keyOf(email) && entry.kind === "abgemeldet");

    before(async () => {
      database = await target.create();
      test = await buildTestApp(database, {
        OWNER_EMAILS: OWNER,
        EDITOR_EMAILS: EDITOR,
        MAIL_WORKER: "false",
        OWNER_LOGIN_LIMIT: "1000",
        // Nobody listens there: the deliveries wait in their table, where the test reads them.
        WEBHOOK_URLS: "http://127.0.0.1:9/hooks",
        WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      });
    });
    after(async () => {
      await test?.close();
      await database?.drop();
    });

    it("does what the unsubscribe link does: proof kept, plan mails and newsletter cancelled, webhook, ledger, audited with the note", async () => {
      const byMessage = "per-nachricht@beispiel.de";
      const byLink = "per-link@beispiel.de";
      await signUp(byMessage);
      const link = await signUp(byLink);
      for (const email of [byMessage, byLink]) await queueNewsletterFor(email);
      const before = await stateOf(byMessage);
      assert.equal(before.status, "confirmed");
      assert.ok(
        before.mails.filter((mail) => mail.status === "pending").length >= 9,
        "welcome, seven plan mails, the newsletter",
      );

      const cookie = await login();
      const answer = await unsubscribe({ email: " Per-Nachricht@Beispiel.de ", note: NOTE }, cookie);
      assert.equal(answer.statusCode, 200, answer.body);
      assert.deepEqual(answer.json(), { unsubscribed: true, already: false });
      const viaLinkAnswer = await postForm(test.app, "/api/leads/unsubscribe", {
        token: new URL(link!).searchParams.get("token")!,
      });
      assert.ok([302, 303].includes(viaLinkAnswer.statusCode), viaLinkAnswer.body);

      const owner = await stateOf(byMessage);
      const viaLink = await stateOf(byLink);
      assert.deepEqual(owner, viaLink, "the same as the link");
      assert.equal(owner.status, "unsubscribed");
      assert.ok(owner.unsubscribed);
      assert.deepEqual(owner.proofs, [{ confirmed: true, ended: true }], "the proof of consent stays, with its end");
      assert.ok(owner.mails.length >= 9);
      assert.ok(
        owner.mails.every((mail) => mail.status === "cancelled" && !mail.kept),
        JSON.stringify(owner.mails),
      );
      assert.deepEqual(owner.webhooks, ["lead.confirmed", "lead.unsubscribed"]);
      assert.equal(ledgerFor(byMessage).length, 1, "in the list a restore replays");
      assert.ok(!test.app.ledger.entries().some((entry) => JSON.stringify(entry).includes("beispiel")), "no address in it");

      assert.deepEqual(await unsubscribeAudit(), [{ owner_email: OWNER, object: `p***@beispiel.de (war bestätigt): ${NOTE}` }]);

      // Once is enough: again, nothing changes and nothing more is logged.
      const again = await unsubscribe({ email: byMessage }, cookie);
      assert.deepEqual(again.json(), { unsubscribed: false, already: true });
      assert.equal((await unsubscribeAudit()).length, 1);
      assert.equal(ledgerFor(byMessage).length, 1);
    });

    it("unsubscribes a pending sign-up too: its confirmation link stops working; masks addresses in the note", async () => {
      const email = "unbestaetigt@beispiel.de";
      await signUp(email, false);
      const confirmLink = linkIn(await mailText(email, "lead-confirmation"), "/api/leads/confirm?token=");
      const cookie = await login();
      const answer = await unsubscribe({ email, note: "Anruf, Rückfrage an unbestaetigt@beispiel.de\nbeantwortet" }, cookie);
      assert.equal(answer.statusCode, 200, answer.body);
      const state = await stateOf(email);
      assert.equal(state.status, "unsubscribed");
      assert.equal(state.openConfirmLinks, 0);
      assert.notEqual(await clickThrough(test.app, confirmLink), "/anmeldung-bestaetigt", "the link confirms nothing any more");
      assert.equal((await stateOf(email)).status, "unsubscribed");
      assert.equal(
        (await unsubscribeAudit()).at(-1)!.object,
        "u***@beispiel.de (war unbestätigt): Anruf, Rückfrage an u***@beispiel.de beantwortet",
      );
    });

    it("answers an address without sign-up with 404 and a note too long with 400, changing nothing", async () => {
      const cookie = await login();
      const before = (await unsubscribeAudit()).length;
      const unknown = await unsubscribe({ email: "niemand@beispiel.de" }, cookie);
      assert.equal(unknown.statusCode, 404);
      assert.equal(unknown.json().error, "Zu dieser Adresse gibt es keine Anmeldung für unsere E-Mails.");
      await signUp("lang@beispiel.de");
      const long = await unsubscribe({ email: "lang@beispiel.de", note: "x".repeat(201) }, cookie);
      assert.equal(long.statusCode, 400);
      assert.match(long.json().error, /Notiz ist zu lang \(höchstens 200/);
      const extra = await unsubscribe({ email: "lang@beispiel.de", grund: "x" }, cookie);
      assert.equal(extra.statusCode, 400);
      assert.equal((await stateOf("lang@beispiel.de")).status, "confirmed");
      assert.equal((await unsubscribeAudit()).length, before);
    });

    it("refuses an editor with 403 and asks an older session for a recent login, changing nothing", async () => {
      const email = "bleibt-angemeldet@beispiel.de";
      await signUp(email);
      const editor = await login(EDITOR);
      const refused = await unsubscribe({ email }, editor);
      assert.equal(refused.statusCode, 403);
      assert.notEqual(refused.json().confirmLogin, true, "not a question of the login's age");

      const owner = await login();
      await ageSessions(db(), 6);
      const old = await unsubscribe({ email, note: NOTE }, owner);
      assert.equal(old.statusCode, 403, old.body);
      assert.equal(old.json().confirmLogin, true);
      assert.match(old.json().error, /^Bitte bestätige deine Anmeldung/);
      assert.equal((await stateOf(email)).status, "confirmed");
      assert.equal(ledgerFor(email).length, 0);

      const fresh = await login();
      assert.equal((await unsubscribe({ email }, fresh)).statusCode, 200);
      assert.equal((await stateOf(email)).status, "unsubscribed");
    });

    it("is replayed when a backup from before the withdrawal is restored", async () => {
      const email = "nach-sicherung@beispiel.de";
      await signUp(email);
      const cookie = await login();
      assert.equal((await unsubscribe({ email, note: NOTE }, cookie)).statusCode, 200);

      // What a backup taken before the withdrawal brings back: subscribed, its plan mails waiting.
      await db().query("UPDATE leads SET status = 'confirmed', unsubscribed_at = NULL WHERE email = $1", [email]);
      await db().query(
        `UPDATE lead_consents SET unsubscribed_at = NULL WHERE lead_id = (SELECT id FROM leads WHERE email = $1)`,
        [email],
      );
      await db().query(
        `UPDATE mail_outbox SET status = 'pending' WHERE lead_id = (SELECT id FROM leads WHERE email = $1) AND kind LIKE 'lead-plan-%'`,
        [email],
      );
      assert.equal((await stateOf(email)).status, "confirmed");

      const result = await replayAfterRestore(db(), test.app.ledger);
      assert.deepEqual(result, { erased: 0, unsubscribed: 1 });
      const state = await stateOf(email);
      assert.equal(state.status, "unsubscribed");
      assert.deepEqual(state.proofs, [{ confirmed: true, ended: true }]);
      assert.ok(state.mails.every((mail) => mail.status === "cancelled"));
    });
  });
}
