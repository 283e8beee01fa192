/**
 * Webhooks end to end: the real app and worker, a real HTTP receiver that verifies each signature with
 * the `standardwebhooks` package, and the four events caused through the real routes and the erasure.
 */
import assert from "node:assert/strict";
import { clickThrough, onBothDrivers, startApp, waitUntil } from "../test-support/app-harness";
import { erasePerson } from "../services/privacy";
import { readConsentVersions } from "../services/consent-versions";
import path from "node:path";
import { ofType, testSecret, WebhookReceiver, type ReceivedWebhook } from "../test-support/webhook-receiver";
import { deliveryStates, sendContact, signUpAndConfirm, unsubscribeLink, webhookConfig } from "../test-support/webhook-app";

const SECRET = testSecret();

const forEmail = (email: string) => (entry: ReceivedWebhook) => entry.payload?.data.email === email;

onBothDrivers("webhooks: the four events", async (t, database) => {
  const receiver = new WebhookReceiver(SECRET);
  await receiver.start();
  const app = await startApp(webhookConfig(database, [receiver.url], SECRET, { SITE_URL: "https://www.urkraft.de" }));
  try {
    await t.test("each event arrives once, signed so that standardwebhooks verifies it, in the order it happened", async () => {
      const email = "karl.wagner@example.de";
      const leadId = await signUpAndConfirm(app, "Karl Wagner", email);
      const unsubscribe = await unsubscribeLink(app, leadId);
      assert.equal(await clickThrough(app, unsubscribe), "/abmeldung-bestaetigt");
      // The link may be used again; the second click changes nothing and reports nothing.
      assert.equal(await clickThrough(app, unsubscribe), "/abmeldung-bestaetigt");
      const contact = await sendContact(app, "Karl Wagner", email, "Geheime Frage zu meinem Knie");
      assert.equal(contact.statusCode, 202);
      await receiver.waitForAccepted(forEmail(email), 3);
      await erasePerson(app.db, email);

      const got = await receiver.waitForAccepted(forEmail(email), 4);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const all = receiver.received.filter(forEmail(email));
      assert.equal(all.length, 4, "no event twice, no second lead.unsubscribed");
      for (const entry of receiver.received) assert.equal(entry.verifyError, undefined, "every signature verifies");
      assert.deepEqual(
        got.map((entry) => entry.payload?.type),
        ["lead.confirmed", "lead.unsubscribed", "contact.received", "person.erased"],
      );
      assert.equal(new Set(got.map((entry) => entry.id)).size, 4, "one webhook-id per event");
      for (const entry of got) {
        assert.match(entry.id, /^msg_[0-9a-f]{32}$/);
        assert.ok(Math.abs(Number(entry.timestamp) - Date.now() / 1000) < 60, "signed at the attempt");
        assert.ok(!Number.isNaN(Date.parse(entry.payload!.timestamp)));
      }

      const [confirmed, unsubscribed, received, erased] = got.map((entry) => entry.payload!);
      assert.deepEqual(Object.keys(confirmed!.data).sort(), ["confirmedAt", "consentTextVersion", "email", "name"]);
      assert.equal(confirmed!.data.name, "Karl Wagner");
      assert.equal(confirmed!.data.consentTextVersion, readConsentVersions(path.resolve("content")).consentText);
      assert.deepEqual(Object.keys(unsubscribed!.data).sort(), ["email", "unsubscribedAt"]);
      assert.deepEqual(Object.keys(received!.data).sort(), ["email", "name", "receivedAt", "url"]);
      assert.match(received!.data.url!, /^https:\/\/www\.urkraft\.de\/verwaltung\/anfragen\/\d+$/);
      // The message stays on the site.
      assert.doesNotMatch(got[2]!.body, /Knie/);
      assert.deepEqual(erased!.data, { email, erasedAt: erased!.timestamp });
    });

    await t.test("the erasure leaves only the person.erased record of the person", async () => {
      const { rows } = await app.db.query<{ event_type: string; payload: string }>(
        "SELECT event_type, payload FROM webhook_deliveries ORDER BY id",
      );
      assert.deepEqual(
        rows.map((row) => row.event_type),
        ["person.erased"],
      );
    });

    await t.test("a contact request of someone else arrives with its own link", async () => {
      const response = await sendContact(app, "Ömer Yılmaz", "oemer@example.de", "Hallo!");
      assert.equal(response.statusCode, 202);
      const [entry] = await receiver.waitForAccepted(forEmail("oemer@example.de"));
      const { rows } = await app.db.query<{ id: number }>("SELECT id FROM contact_requests WHERE email = 'oemer@example.de'");
      assert.equal(entry!.payload!.data.url, `https://www.urkraft.de/verwaltung/anfragen/${rows[0]!.id}`);
      assert.equal(entry!.payload!.data.name, "Ömer Yılmaz");
    });
  } finally {
    await app.close();
    await receiver.stop();
  }
});

onBothDrivers("webhooks: receiver down", async (t, database) => {
  const receiver = new WebhookReceiver(SECRET);
  await receiver.reservePort();
  const config = webhookConfig(database, [receiver.url], SECRET);
  let app = await startApp(config);
  const CONTACTS = 15;
  const LEADS = 5;
  try {
    await t.test("events while the receiver is down are kept and retried", async () => {
      const started = Date.now();
      for (let i = 0; i < LEADS; i += 1) await signUpAndConfirm(app, `Lead ${i}`, `lead${i}@example.de`);
      const responses = await Promise.all(
        Array.from({ length: CONTACTS }, (_, i) => sendContact(app, `Kontakt ${i}`, `kontakt${i}@example.de`, `Nachricht ${i}`)),
      );
      assert.ok(responses.every((response) => response.statusCode === 202));
      assert.ok(Date.now() - started < 5_000, "submissions are answered without waiting for the receiver");
      await waitUntil(async () => {
        const { rows } = await app.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE attempts >= 2",
        );
        return rows[0]!.n === CONTACTS + LEADS;
      }, "a second attempt at every delivery");
      assert.deepEqual(await deliveryStates(app), [{ status: "pending", n: CONTACTS + LEADS }]);
      const { rows } = await app.db.query<{ last_error: string }>("SELECT DISTINCT last_error FROM webhook_deliveries");
      assert.deepEqual(rows, [{ last_error: "ECONNREFUSED" }]);
    });

    await t.test("after a restart and the receiver's return every event arrives, once", async () => {
      await app.close();
      app = await startApp(config);
      await receiver.start();
      const got = await receiver.waitForAccepted(() => true, CONTACTS + LEADS, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(receiver.received.length, CONTACTS + LEADS, "nothing twice");
      assert.equal(new Set(got.map((entry) => entry.id)).size, CONTACTS + LEADS);
      for (let i = 0; i < CONTACTS; i += 1) assert.equal(got.filter(forEmail(`kontakt${i}@example.de`)).length, 1);
      for (let i = 0; i < LEADS; i += 1) assert.equal(got.filter(forEmail(`lead${i}@example.de`)).length, 1);
      assert.ok(got.every((entry) => entry.verifyError === undefined));
      await waitUntil(async () => (await deliveryStates(app)).every((state) => state.status === "delivered"), "all recorded");
      assert.deepEqual(await deliveryStates(app), [{ status: "delivered", n: CONTACTS + LEADS }]);
    });
  } finally {
    await app.close();
    await receiver.stop();
  }
});

onBothDrivers("webhooks: 410 Gone", async (t, database) => {
  const gone = new WebhookReceiver(SECRET, "/weg");
  const other = new WebhookReceiver(SECRET, "/bleibt");
  // Down at first, so that both contacts below are queued for it before its first answer, the 410, disables it
  // (an event after that queues nothing for a disabled endpoint).
  await gone.reservePort();
  await other.start();
  gone.mode = "gone";
  const config = webhookConfig(database, [gone.url, other.url], SECRET);
  let app = await startApp(config);
  try {
    await t.test("disables that endpoint for good, and only that one", async () => {
      await sendContact(app, "Erster", "erster@example.de", "Hallo");
      await sendContact(app, "Zweiter", "zweiter@example.de", "Hallo");
      const queuedForIt = await app.db.query("SELECT 1 FROM webhook_deliveries WHERE endpoint = $1", [gone.url]);
      assert.equal(queuedForIt.rows.length, 2);
      await gone.start();
      await other.waitForAccepted(() => true, 2);
      await waitUntil(async () => {
        const { rows } = await app.db.query("SELECT 1 FROM webhook_endpoints WHERE url = $1 AND disabled_at IS NOT NULL", [
          gone.url,
        ]);
        return rows.length === 1;
      }, "the endpoint disabled");
      await waitUntil(async () => {
        const { rows } = await app.db.query("SELECT 1 FROM webhook_deliveries WHERE status = 'pending'");
        return rows.length === 0;
      }, "nothing pending");
      // Both deliveries to it are given up after the one 410: no retry follows.
      const { rows } = await app.db.query<{ status: string; last_status: number }>(
        "SELECT status, last_status FROM webhook_deliveries WHERE endpoint = $1",
        [gone.url],
      );
      assert.deepEqual(rows, [
        { status: "failed", last_status: 410 },
        { status: "failed", last_status: 410 },
      ]);
      const calls = gone.received.length;
      assert.ok(calls >= 1 && calls <= 2, `${calls} requests to the gone endpoint`);

      await app.close();
      app = await startApp(config);
      await sendContact(app, "Dritter", "dritter@example.de", "Hallo");
      await other.waitForAccepted(forEmail("dritter@example.de"));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(gone.received.length, calls, "still disabled after a restart");
      const queued = await app.db.query("SELECT 1 FROM webhook_deliveries WHERE endpoint = $1", [gone.url]);
      assert.equal(queued.rows.length, 2, "no new delivery queued for the disabled endpoint");
    });
  } finally {
    await app.close();
    await gone.stop();
    await other.stop();
  }
});

onBothDrivers("webhooks: erase after a failed lead.confirmed", async (t, database) => {
  const receiver = new WebhookReceiver(SECRET);
  await receiver.start();
  receiver.mode = "error";
  const app = await startApp(webhookConfig(database, [receiver.url], SECRET));
  try {
    await t.test("sends only person.erased", async () => {
      const email = "hans.meier@example.de";
      await signUpAndConfirm(app, "Hans Meier", email);
      await waitUntil(() => receiver.received.some(ofType("lead.confirmed")), "a failed lead.confirmed attempt");
      await erasePerson(app.db, email);
      receiver.mode = "ok";
      const [erased] = await receiver.waitForAccepted(ofType("person.erased"));
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.deepEqual(
        receiver.accepted.map((entry) => entry.payload?.type),
        ["person.erased"],
      );
      assert.equal(erased!.payload!.data.email, email);
      const afterErase = receiver.received.filter((entry) => entry.at >= erased!.at && entry !== erased);
      assert.deepEqual(afterErase, [], "no lead.confirmed after the erasure");
      const { rows } = await app.db.query<{ event_type: string; status: string }>(
        "SELECT event_type, status FROM webhook_deliveries",
      );
      assert.deepEqual(rows, [{ event_type: "person.erased", status: "delivered" }]);
    });
  } finally {
    await app.close();
    await receiver.stop();
  }
});

onBothDrivers("webhooks: faulty receivers", async (t, database) => {
  const receiver = new WebhookReceiver(SECRET);
  const redirectTarget = new WebhookReceiver(SECRET, "/anderswo");
  await receiver.start();
  await redirectTarget.start();
  const app = await startApp(webhookConfig(database, [receiver.url], SECRET));
  try {
    const FAULTS = {
      hang: "keine Antwort innerhalb von 1 s",
      error: "HTTP 500",
      redirect: "HTTP 301",
      garbage: "HTTPParserError",
    };
    for (const [mode, error] of Object.entries(FAULTS) as [keyof typeof FAULTS, string][]) {
      await t.test(`a receiver that answers "${mode}" never delays a submission`, async () => {
        receiver.mode = mode;
        const before = receiver.received.length;
        await sendContact(app, `Vorher ${mode}`, `vorher-${mode}@example.de`, "Hallo");
        await waitUntil(() => receiver.received.length > before, "an attempt");
        await waitUntil(async () => {
          const { rows } = await app.db.query("SELECT 1 FROM webhook_deliveries WHERE last_error = $1", [error]);
          return rows.length > 0;
        }, `an attempt recorded as ${error}`);
        const started = performance.now();
        const response = await sendContact(app, `Nachher ${mode}`, `nachher-${mode}@example.de`, "Hallo");
        const elapsed = performance.now() - started;
        assert.equal(response.statusCode, 202);
        assert.ok(elapsed < 500, `answered in ${elapsed.toFixed(0)} ms`);
      });
    }

    await t.test("nothing is lost: once the receiver answers 2xx, every event arrives", async () => {
      receiver.mode = "ok";
      await receiver.waitForAccepted(() => true, 8, 20_000);
      const emails = new Set(receiver.accepted.map((entry) => entry.payload?.data.email));
      assert.equal(emails.size, 8);
      assert.equal(redirectTarget.received.length, 0, "redirects are not followed");
      // The receiver has the last event a moment before the worker records its answer.
      await waitUntil(async () => (await deliveryStates(app)).every((state) => state.status === "delivered"), "all recorded");
      assert.deepEqual(await deliveryStates(app), [{ status: "delivered", n: 8 }]);
    });
  } finally {
    await app.close();
    await receiver.stop();
    await redirectTarget.stop();
  }
});

onBothDrivers("webhooks: order per person", async (t, database) => {
  const receiver = new WebhookReceiver(SECRET);
  await receiver.start();
  const app = await startApp(webhookConfig(database, [receiver.url], SECRET));
  try {
    await t.test("a later event of a person waits for the earlier one; other people pass", async () => {
      let failConfirmations = true;
      receiver.answer = (payload) =>
        failConfirmations && payload?.type === "lead.confirmed" && payload.data.email === "anna@example.de" ? "error" : undefined;
      const anna = await signUpAndConfirm(app, "Anna", "anna@example.de");
      await clickThrough(app, await unsubscribeLink(app, anna));
      await sendContact(app, "Bernd", "bernd@example.de", "Hallo");
      await receiver.waitForAccepted(forEmail("bernd@example.de"));
      await waitUntil(() => receiver.received.filter(ofType("lead.confirmed")).length >= 3, "three failed attempts");
      assert.equal(receiver.received.filter(ofType("lead.unsubscribed")).length, 0, "unsubscribed waits for confirmed");
      failConfirmations = false;
      const [unsubscribed] = await receiver.waitForAccepted(ofType("lead.unsubscribed"));
      const [confirmed] = receiver.accepted.filter(ofType("lead.confirmed"));
      assert.ok(confirmed!.at <= unsubscribed!.at);
    });
  } finally {
    await app.close();
    await receiver.stop();
  }
});

onBothDrivers("webhooks: not configured", async (t, database) => {
  const app = await startApp(webhookConfig(database, [], SECRET, { WEBHOOK_URLS: "" }));
  try {
    await t.test("events queue nothing", async () => {
      await signUpAndConfirm(app, "Ohne", "ohne@example.de");
      await sendContact(app, "Ohne", "ohne@example.de", "Hallo");
      const { rows } = await app.db.query("SELECT 1 FROM webhook_deliveries");
      assert.equal(rows.length, 0);
    });
  } finally {
    await app.close();
  }
});
