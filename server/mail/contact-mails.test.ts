/** A contact request brings an acknowledgment to the visitor and a notification to the owner, over real SMTP. */
import assert from "node:assert/strict";
import type { AddressObject } from "mailparser";
import site from "../../content/site.json";
import { SmtpSink, sentTo } from "../test-support/smtp-sink";
import { mailSubject } from "../test-support/mail-copy";
import { onBothDrivers, outboxSettled, startApp, testConfig } from "../test-support/app-harness";

function addresses(field: AddressObject | AddressObject[] | undefined) {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value);
}

onBothDrivers("contact mails", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  const app = await startApp(testConfig(database, { SMTP_URL: sink.url }));
  t.after(async () => {
    await app.close();
    await sink.stop();
  });

  await t.test(
    "acknowledgment to the visitor, notification with name and link (no message) and Reply-To to the owner",
    async () => {
      const visitor = "anna.mueller@example.de";
      const message = "Hallo,\nwie lange dauert es bis zu ersten Ergebnissen?\n\nViele Grüße\nAnna";
      const response = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { referer: "http://localhost/kontakt-unterstuetzung" },
        payload: { name: "Anna Müller", email: visitor, message, website: "" },
      });
      assert.equal(response.statusCode, 202);

      const [ack] = await sink.waitFor((m) => sentTo(m, visitor));
      assert.equal(ack!.rcptTo.length, 1);
      assert.equal(addresses(ack!.parsed.from)[0]?.address, site.mailFrom.address);
      assert.match(ack!.parsed.text ?? "", /Hallo Anna Müller,/);
      assert.match(
        ack!.parsed.text ?? "",
        new RegExp(
          `Wir melden uns innerhalb von ${site.replyWithinHours}\\sStunden bei dir; Sonn- und Feiertage zählen nicht mit`,
        ),
      );
      assert.ok(!(ack!.parsed.text ?? "").includes("ersten Ergebnissen"), "the visitor's message is not echoed back");
      assert.ok((ack!.parsed.text ?? "").includes(site.legal.company), "sender identity in the footer");

      const [note] = await sink.waitFor((m) => sentTo(m, site.email));
      assert.deepEqual(note!.rcptTo, [site.email]);
      assert.deepEqual(
        addresses(note!.parsed.replyTo).map((a) => ({ name: a.name, address: a.address })),
        [{ name: "Anna Müller", address: visitor }],
      );
      assert.equal(note!.parsed.subject, mailSubject("contact-notification", { name: "Anna Müller" }));
      const text = note!.parsed.text ?? "";
      const { rows } = await app.db.query<{ id: number }>("SELECT id FROM contact_requests WHERE email = $1", [visitor]);
      assert.ok(text.includes(`/verwaltung/anfragen/${rows[0]!.id}`), "links to the request in the owner area");
      assert.ok(text.includes(visitor));
      assert.ok(!text.includes("ersten Ergebnissen"), "no copy of the message in the owner's mailbox");
      assert.ok(!(note!.parsed.html || "").includes("ersten Ergebnissen"));
    },
  );

  await t.test('with ownerNotification "full" the notification quotes the whole message', async () => {
    const full = await startApp(testConfig(database, { SMTP_URL: sink.url }), undefined, { ownerNotification: "full" });
    t.after(() => full.close());
    const visitor = "voll@example.de";
    const message = "Erste Zeile\nZweite Zeile";
    const response = await full.inject({
      method: "POST",
      url: "/api/contact",
      headers: { referer: "http://localhost/kontakt-unterstuetzung" },
      payload: { name: "Vera", email: visitor, message },
    });
    assert.equal(response.statusCode, 202);
    const [note] = await sink.waitFor((m) => sentTo(m, site.email) && (m.parsed.text ?? "").includes(visitor));
    const text = note!.parsed.text ?? "";
    for (const line of message.split("\n")) assert.ok(text.includes(`> ${line}`), `quotes "${line}"`);
    assert.match(text, /\/verwaltung\/anfragen\/\d+/);
  });

  await t.test("a form post without JavaScript queues the same two mails", async () => {
    const visitor = "ohne.js@example.de";
    const response = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost/kontakt-unterstuetzung" },
      payload: new URLSearchParams({ name: "Bernd", email: visitor, message: "Nur HTML.", website: "" }).toString(),
    });
    assert.equal(response.statusCode, 303);
    await sink.waitFor((m) => sentTo(m, visitor));
    await sink.waitFor((m) => sentTo(m, site.email) && (m.parsed.text ?? "").includes(visitor));
  });

  await t.test("a rejected submission (validation error, honeypot) sends nothing", async () => {
    const before = sink.received.length;
    const invalid = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { referer: "http://localhost/kontakt-unterstuetzung" },
      payload: { name: "", email: "x@example.de", message: "" },
    });
    assert.equal(invalid.statusCode, 400);
    const bot = await app.inject({
      method: "POST",
      url: "/api/contact",
      headers: { referer: "http://localhost/kontakt-unterstuetzung" },
      payload: { name: "Bot", email: "bot@example.de", message: "Spam", website: "https://spam.example" },
    });
    assert.equal(bot.statusCode, 202);
    const lead = await app.inject({
      method: "POST",
      url: "/api/leads",
      headers: { referer: "http://localhost/" },
      payload: { name: "Bot", email: "bot2@example.de", website: "filled" },
    });
    assert.equal(lead.statusCode, 202);
    await outboxSettled(app);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(sink.received.length, before);
    const { rows } = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM mail_outbox WHERE person_email LIKE 'bot%'",
    );
    assert.equal(rows[0]!.n, 0);
  });
});
