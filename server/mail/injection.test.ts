/**
 * Hostile input in names, addresses and messages, sent through the forms and read back from a real SMTP
 * server: no line break reaches a header, no extra recipient appears, and no markup survives in HTML.
 */
import assert from "node:assert/strict";
import type { AddressObject, ParsedMail } from "mailparser";
import site from "../../content/site.json";
import { MESSAGES, NAME_WITH_LINK } from "../../common/forms/schemas";
import { SmtpSink, sentTo, type ReceivedMail } from "../test-support/smtp-sink";
import { planDayOf } from "../test-support/mail-copy";
import { clickThrough, linkIn, onBothDrivers, outboxSettled, startApp, testConfig } from "../test-support/app-harness";

/** Names that carry an address are refused by the form (common/forms/schemas.ts); the others must reach mails harmlessly. */
const refused = (name: string) => NAME_WITH_LINK.test(name);

const HOSTILE_NAMES = [
  "Max\r\nBcc: victim@example.org",
  "Max\nSubject: Gewinnspiel",
  "Max\r\n\r\n<html><body>Fake</body></html>",
  "Max\u2028Bcc: victim@example.org",
  "Max\u0085Cc: victim@example.org",
  'Eve" <victim@example.org>',
  "Doe, John <victim@example.org>",
  "<img src=x onerror=alert(1)>",
];

function addresses(field: AddressObject | AddressObject[] | undefined) {
  return (Array.isArray(field) ? field : field ? [field] : []).flatMap((object) => object.value.map((v) => v.address));
}

function headerBlock(mail: ReceivedMail): string {
  return mail.raw.split(/\r?\n\r?\n/)[0]!;
}

/** Every check that holds for any mail, whatever was typed into the form. */
function assertCleanHeaders(mail: ReceivedMail, expectedRecipient: string): void {
  const headers = headerBlock(mail);
  assert.deepEqual(mail.rcptTo, [expectedRecipient], "envelope: one recipient");
  assert.doesNotMatch(headers, /^(bcc|cc|x-injected):/im, "no added header line");
  assert.equal(headers.match(/^subject:/gim)?.length, 1, "one Subject header");
  assert.deepEqual(addresses(mail.parsed.to), [expectedRecipient], "To names one address");
  assert.equal(mail.parsed.cc, undefined);
  assert.equal(mail.parsed.bcc, undefined);
  assert.doesNotMatch(mail.parsed.subject ?? "", /[\r\n]/);
}

function assertInertHtml(parsed: ParsedMail): void {
  const html = parsed.html || "";
  assert.doesNotMatch(html, /<script|<img|<iframe|href="javascript:/i);
}

onBothDrivers("header and HTML injection", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  // The notification with the full message is the one a hostile message could abuse.
  const app = await startApp(testConfig(database, { SMTP_URL: sink.url }), undefined, { ownerNotification: "full" });
  t.after(async () => {
    await app.close();
    await sink.stop();
  });

  await t.test("hostile names in the lead form", async () => {
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      const email = `lead${index}@example.de`;
      const response = await app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { referer: "http://localhost/" },
        payload: { name, email, website: "" },
      });
      if (refused(name)) {
        assert.equal(response.statusCode, 400, JSON.stringify(name));
        assert.equal(response.json().errors.name, MESSAGES.nameWithLink);
        continue;
      }
      assert.equal(response.statusCode, 202, JSON.stringify(name));
      const [mail] = await sink.waitFor((m) => sentTo(m, email));
      assertCleanHeaders(mail!, email);
      assertInertHtml(mail!.parsed);
      assert.ok(!(mail!.parsed.html || "").includes("<html><body>Fake"));
    }
    assert.equal(sink.to("victim@example.org").length, 0);
    assert.ok((sink.to("lead7@example.de")[0]!.parsed.html || "").includes("Hallo &lt;img src=x onerror=alert(1)&gt;,"));
  });

  await t.test("hostile names in the welcome mail and the seven plan mails", async () => {
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      if (refused(name)) continue;
      const email = `lead${index}@example.de`;
      const [request] = sink.to(email);
      assert.equal(
        await clickThrough(app, linkIn(request!.parsed.text ?? "", "/api/leads/confirm?token=")),
        "/anmeldung-bestaetigt",
      );
      // The plan mails are due on the next mornings; brought forward here, they go out now.
      await app.db.query("UPDATE mail_outbox SET next_attempt_at = now() WHERE person_email = $1 AND status = 'pending'", [
        email,
      ]);
      const mails = await sink.waitFor((m) => sentTo(m, email), 9);
      assert.deepEqual(
        mails
          .map((mail) => planDayOf(mail.parsed.subject))
          .filter(Boolean)
          .sort(),
        [1, 2, 3, 4, 5, 6, 7],
      );
      for (const mail of mails) {
        assertCleanHeaders(mail, email);
        assertInertHtml(mail.parsed);
        assert.ok(!(mail.parsed.html || "").includes("<html><body>Fake"));
      }
    }
    const plan = sink.to("lead7@example.de").filter((mail) => planDayOf(mail.parsed.subject) !== undefined);
    assert.equal(plan.length, 7);
    assert.ok(plan.every((mail) => (mail.parsed.html || "").includes("&lt;img src=x onerror=alert(1)&gt;")));
    assert.equal(sink.to("victim@example.org").length, 0);
  });

  await t.test("hostile names and messages in the contact form", async () => {
    const message = [
      "<script>alert(1)</script>",
      '<a href="https://phish.example">Klick</a>',
      "[Gewinn](javascript:alert(1)) und **fett**",
      "{{ownerEmail}} {{confirmUrl}}",
      ".",
      "MAIL FROM:<spam@example.org>",
      "RCPT TO:<victim@example.org>",
    ].join("\r\n");
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      const email = `contact${index}@example.de`;
      const response = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { referer: "http://localhost/kontakt-unterstuetzung" },
        payload: { name, email, message, website: "" },
      });
      if (refused(name)) {
        assert.equal(response.statusCode, 400, JSON.stringify(name));
        continue;
      }
      assert.equal(response.statusCode, 202, JSON.stringify(name));
      const [ack] = await sink.waitFor((m) => sentTo(m, email));
      assertCleanHeaders(ack!, email);
      assertInertHtml(ack!.parsed);

      const [note] = await sink.waitFor((m) => sentTo(m, site.email) && (m.parsed.text ?? "").includes(email));
      assertCleanHeaders(note!, site.email);
      assertInertHtml(note!.parsed);
      assert.deepEqual(addresses(note!.parsed.replyTo), [email], "Reply-To is the visitor alone");
      const text = note!.parsed.text ?? "";
      // The message arrives whole and literal: markup escaped, no placeholder filled, the lone dot kept.
      assert.ok(text.includes("> <script>alert(1)</script>"));
      assert.ok(text.includes("> {{ownerEmail}} {{confirmUrl}}"));
      assert.ok(text.includes("> .\n> MAIL FROM:<spam@example.org>"));
      const html = note!.parsed.html || "";
      assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
      assert.ok(html.includes("&lt;a href=&quot;https://phish.example&quot;&gt;Klick&lt;/a&gt;"));
      assert.ok(html.includes("[Gewinn](javascript:alert(1)) und **fett**"), "Markdown in a value stays text");
    }
    await outboxSettled(app);
    assert.equal(sink.to("victim@example.org").length + sink.to("spam@example.org").length, 0);
  });

  await t.test("addresses that would read as several recipients get no mail", async () => {
    const tricky = ["a,victim@example.org", "x<victim@example.org>", "a;b@example.de", 'q"uote@example.de'];
    for (const email of tricky) {
      const lead = await app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { referer: "http://localhost/" },
        payload: { name: "T", email, website: "" },
      });
      const contact = await app.inject({
        method: "POST",
        url: "/api/contact",
        headers: { referer: "http://localhost/kontakt-unterstuetzung" },
        payload: { name: "T", email, message: "Hallo", website: "" },
      });
      // Either refused by the form's rule or accepted; never a mail to a crafted address.
      assert.ok([202, 400].includes(lead.statusCode) && [202, 400].includes(contact.statusCode), email);
    }
    await outboxSettled(app);
    const recipients = sink.received.flatMap((mail) => mail.rcptTo);
    for (const email of tricky) assert.ok(!recipients.includes(email), email);
    assert.equal(sink.to("victim@example.org").length, 0);
    // The owner still hears about the request, without a Reply-To that could be misread.
    const notes = sink.received.filter((m) => sentTo(m, site.email) && (m.parsed.text ?? "").includes("x<victim@example.org>"));
    for (const note of notes) assert.equal(note.parsed.replyTo, undefined);
  });

  await t.test("a line break in the address itself is refused before anything is stored", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/leads",
      headers: { referer: "http://localhost/" },
      payload: { name: "Max", email: "max@example.de\r\nBcc: victim@example.org", website: "" },
    });
    assert.equal(response.statusCode, 400);
  });
});
