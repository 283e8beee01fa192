/**
 * The owner area's newsletter API on both drivers, with a real SMTP server: preview as recipients get it,
 * a test to the logged-in owner, scheduling in Berlin time, cancelling, the monthly limit's refusal and
 * German messages for a text that cannot go out.
 */
import assert from "node:assert/strict";
import type { FastifyInstance } from "fastify";
import { createSession, SESSION_COOKIE } from "../../services/owner-sessions";
import { onBothDrivers, startApp, testConfig } from "../../test-support/app-harness";
import { SmtpSink } from "../../test-support/smtp-sink";

const OWNER = "inhaber@urkraft-test.de";

function client(app: FastifyInstance, cookie: string) {
  const headers = { cookie, origin: "http://localhost", accept: "application/json" };
  return {
    get: (url: string) => app.inject({ method: "GET", url, headers }),
    post: (url: string, body: unknown) => app.inject({ method: "POST", url, headers, payload: body as Record<string, string> }),
  };
}

onBothDrivers("owner area: newsletter", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  const app = await startApp(testConfig(database, { SMTP_URL: sink.url, OWNER_EMAILS: OWNER }));
  t.after(async () => {
    await app.close();
    await sink.stop();
  });
  await app.db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
     VALUES ('leser@example.de', 'Leser', '/', now() - interval '30 days', 'v1', 'p1', 'confirmed', now() - interval '20 days')`,
  );
  await app.db.query(
    `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at,
                        undeliverable_at, undeliverable_reason)
     VALUES ('weg@example.de', 'Weg', '/', now() - interval '30 days', 'v1', 'p1', 'confirmed', now() - interval '20 days',
             now() - interval '1 day', 'EENVELOPE 550 RCPT TO')`,
  );
  const api = client(app, `${SESSION_COOKIE}=${await createSession(app.db, OWNER, "link")}`);
  const text = {
    subject: "Winterrezepte",
    preheader: "Warm durch den Dezember",
    body: "Hallo {{name}},\n\n<script>x()</script> bleibt Text.",
  };

  await t.test("needs a login", async () => {
    const response = await app.inject({ method: "GET", url: "/api/verwaltung/newsletter" });
    assert.equal(response.statusCode, 401);
  });

  await t.test("the leads list marks an address refused for good", async () => {
    const { leads } = (await api.get("/api/verwaltung/leads")).json<{
      leads: { email: string; undeliverableAt: string | null }[];
    }>();
    const byEmail = Object.fromEntries(leads.map((lead) => [lead.email, lead.undeliverableAt]));
    assert.equal(byEmail["leser@example.de"], null);
    assert.match(String(byEmail["weg@example.de"]), /^\d{4}-\d{2}-\d{2}T/);
  });

  await t.test("previews HTML and plain text as recipients get them", async () => {
    const response = await api.post("/api/verwaltung/newsletter/vorschau", text);
    assert.equal(response.statusCode, 200, response.body);
    const preview = response.json<{ subject: string; html: string; text: string }>();
    assert.equal(preview.subject, "Winterrezepte");
    // Below the text the safety note, then the unsubscribe block: every newsletter carries both.
    assert.match(
      preview.text,
      /^Hallo Vorname,\n\n<script>x\(\)<\/script> bleibt Text\.\n\nErgebnisse sind individuell verschieden\. [^\n]*Wenn bei einer Übung etwas schmerzt, hör auf und mach eine Pause\.\n\n-- \n/,
    );
    assert.match(preview.text, /Hier abmelden \(https:\/\/www\.urkraft\.de\/abmelden\)/);
    assert.match(preview.html, /&lt;script&gt;x\(\)&lt;\/script&gt; bleibt Text/);
    assert.doesNotMatch(preview.html, /<script/);
  });

  await t.test("refuses an empty or too long text in German", async () => {
    const empty = await api.post("/api/verwaltung/newsletter/vorschau", { ...text, body: "" });
    assert.equal(empty.statusCode, 400);
    assert.equal(
      empty.json<{ error: string }>().error,
      "Der Text ist leer. Schreib den Newsletter, bevor du ihn speicherst oder sendest.",
    );
    const long = await api.post("/api/verwaltung/newsletter", { ...text, body: "x".repeat(200_000) });
    assert.equal(long.statusCode, 400);
    assert.match(long.json<{ error: string }>().error, /^Der Text ist 200\.000 Zeichen lang; höchstens 100\.000 sind möglich\./);
  });

  await t.test("sends a test to the logged-in owner", async () => {
    const response = await api.post("/api/verwaltung/newsletter/test", text);
    assert.equal(response.statusCode, 200, response.body);
    const [mail] = await sink.waitFor((m) => m.rcptTo.includes(OWNER));
    assert.equal(mail!.parsed.subject, "Test: Winterrezepte");
    assert.equal(sink.to("leser@example.de").length, 0);
  });

  await t.test("schedules in Berlin time, cancels, and refuses the third of a month", async () => {
    const first = await api.post("/api/verwaltung/newsletter", { ...text, send: "later", at: "2030-03-31 10:00" });
    assert.equal(first.statusCode, 200, first.body);
    const scheduled = first.json<{ newsletter: { id: number; status: string; statusLabel: string; sendAt: string } }>()
      .newsletter;
    assert.equal(scheduled.statusLabel, "geplant");
    assert.equal(scheduled.sendAt, "2030-03-31T08:00:00.000Z", "summer time: UTC+2");
    const second = await api.post("/api/verwaltung/newsletter", { ...text, send: "later", at: "2030-03-01 09:00" });
    assert.equal(second.statusCode, 200, second.body);
    const tooClose = await api.post("/api/verwaltung/newsletter", { ...text, send: "later", at: "2030-03-26 09:00" });
    assert.equal(tooClose.statusCode, 409);
    assert.match(
      tooClose.json<{ error: string }>().error,
      /^Nicht gesendet: Ein anderer Newsletter geht am 31\. März 2030, 10:00 Uhr hinaus\. Zwischen zwei Newslettern liegen mindestens 7 Tage, .* – oder verschieb den anderen\.$/,
    );
    const third = await api.post("/api/verwaltung/newsletter", { ...text, send: "later", at: "2030-03-20 09:00" });
    assert.equal(third.statusCode, 409);
    assert.match(
      third.json<{ error: string }>().error,
      /^Nicht gesendet: 1 Person bekäme damit im März 2030 mehr als 2 Newsletter/,
    );
    const cancelled = await api.post(`/api/verwaltung/newsletter/${scheduled.id}/absagen`, {});
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json<{ newsletter: { statusLabel: string } }>().newsletter.statusLabel, "abgebrochen");
    const again = await api.post(`/api/verwaltung/newsletter/${scheduled.id}/absagen`, {});
    assert.equal(again.statusCode, 409);
    // With one cancelled, a second one fits into March again.
    const fourth = await api.post("/api/verwaltung/newsletter", { ...text, send: "later", at: "2030-03-20 09:00" });
    assert.equal(fourth.statusCode, 200, fourth.body);
    const list = (await api.get("/api/verwaltung/newsletter")).json<{
      newsletters: { statusLabel: string }[];
      perMonth: number;
    }>();
    assert.equal(list.perMonth, 2);
    assert.deepEqual(
      list.newsletters.map((n) => n.statusLabel),
      ["abgebrochen", "geplant", "geplant"],
      "the refused one is not kept",
    );
  });
});
