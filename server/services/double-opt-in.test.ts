/**
 * Double opt-in end to end: the real app, the real outbox worker and a real SMTP server. What arrives is
 * parsed with mailparser, and its links are followed through `app.inject`.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import site from "../../content/site.json";
import { SmtpSink, sentTo } from "../test-support/smtp-sink";
import { mailSubject } from "../test-support/mail-copy";
import { MULTIPART_MESSAGES } from "../http/multipart-fields";
import {
  clickThrough,
  linkIn,
  onBothDrivers,
  outboxSettled,
  pathOf,
  startApp,
  testConfig,
  tokenInPage,
  waitUntil,
} from "../test-support/app-harness";

const CONFIRM = "/api/leads/confirm?token=";
const UNSUBSCRIBE = "/api/leads/unsubscribe?token=";

function submitLead(app: FastifyInstance, name: string, email: string) {
  return app.inject({
    method: "POST",
    url: "/api/leads",
    headers: { referer: "http://localhost/" },
    payload: { name, email, website: "" },
  });
}

async function leadOf(app: FastifyInstance, email: string) {
  const { rows } = await app.db.query<{ id: number; status: string; confirmed_at: Date | null; unsubscribed_at: Date | null }>(
    "SELECT id, status, confirmed_at, unsubscribed_at FROM leads WHERE lower(email) = lower($1)",
    [email],
  );
  return rows[0];
}

/** Moves the last confirmation request out of the one-day re-send window. */
async function aDayLater(app: FastifyInstance, email: string): Promise<void> {
  await app.db.query(
    "UPDATE leads SET confirmation_sent_at = confirmation_sent_at - interval '25 hours' WHERE lower(email) = lower($1)",
    [email],
  );
}

function headerValue(mail: ParsedMail, name: string): string | undefined {
  const value = mail.headerLines.find((line) => line.key === name)?.line;
  return value
    ?.slice(value.indexOf(":") + 1)
    .replace(/\r?\n\s+/g, " ")
    .trim();
}

function isConfirmation(mail: ParsedMail): boolean {
  return (mail.text ?? "").includes(CONFIRM);
}

function isWelcome(mail: ParsedMail): boolean {
  return mail.subject === mailSubject("lead-welcome");
}

onBothDrivers("double opt-in", async (t, database) => {
  const sink = new SmtpSink();
  await sink.start();
  const app = await startApp(testConfig(database, { SMTP_URL: sink.url }));
  t.after(async () => {
    await app.close();
    await sink.stop();
  });

  await t.test("a new lead gets only a confirmation request whose link confirms it once", async () => {
    const email = "juergen.gross@example.de";
    const response = await submitLead(app, "Jürgen Groß", email);
    assert.equal(response.statusCode, 202);
    assert.equal((await leadOf(app, email))?.status, "pending");

    const [mail] = await sink.waitFor((m) => sentTo(m, email));
    const parsed = mail!.parsed;
    assert.equal(parsed.from?.value[0]?.address, site.mailFrom.address);
    assert.equal(parsed.from?.value[0]?.name, site.mailFrom.name);
    assert.equal(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]?.name : undefined, "Jürgen Groß");
    assert.equal(parsed.subject, mailSubject("lead-confirmation"));
    assert.match(parsed.text ?? "", /Hallo Jürgen Groß,/);
    assert.match(parsed.text ?? "", new RegExp(`gilt ${site.retention.confirmLinkHours}\\sStunden`));
    // No advertising before the click: no links into the content, no unsubscribe list header.
    assert.doesNotMatch(parsed.text ?? "", /gesunde-rezepte|bewegung-alltag|ernaehrung-traditionell/);
    assert.equal(headerValue(parsed, "list-unsubscribe"), undefined);

    const link = linkIn(parsed.text ?? "", CONFIRM);
    assert.ok(link.startsWith(`${site.siteUrl}/api/leads/confirm?token=`), link);
    assert.ok((parsed.html || "").includes(`href="${link}"`), "the HTML part carries the same link");

    // Only the hash of the token is stored, and the composed mail is gone once sent (marked just after delivery).
    await outboxSettled(app);
    const token = new URL(link).searchParams.get("token")!;
    const stored = await app.db.query<{ token_hash: string }>("SELECT token_hash FROM lead_tokens WHERE purpose = 'confirm'");
    assert.ok(stored.rows.some((row) => row.token_hash === createHash("sha256").update(token).digest("hex")));
    const leaked = await app.db.query(
      "SELECT 1 FROM lead_tokens WHERE token_hash = $1 UNION ALL SELECT 1 FROM mail_outbox WHERE message::text LIKE $2",
      [token, `%${token}%`],
    );
    assert.equal(leaked.rows.length, 0, "the token itself is stored nowhere");

    // Mail scanners open every link, with HEAD or GET, following redirects or not: none of it confirms.
    const head = await app.inject({ method: "HEAD", url: pathOf(link) });
    assert.ok(head.statusCode < 400, `HEAD ${head.statusCode}`);
    const opened = await app.inject({ method: "GET", url: pathOf(link) });
    assert.equal(opened.statusCode, 303);
    assert.equal(opened.headers.location, `/anmeldung-bestaetigen?token=${token}`);
    for (const method of ["GET", "HEAD", "GET"] as const) {
      const page: { statusCode: number; headers: Record<string, unknown>; body: string } = await app.inject({
        method,
        url: String(opened.headers.location),
      });
      assert.equal(page.statusCode, 200, `${method} of the page`);
      assert.equal(page.headers["cache-control"], "no-store", "the page with the token is never cached");
      if (method === "GET") {
        assert.equal(tokenInPage(page.body), token, "the page's form carries the link's token");
        assert.match(page.body, /<form method="post" action="\/api\/leads\/confirm"/);
      }
    }
    assert.equal((await leadOf(app, email))?.status, "pending", "opening the link and its page changes nothing");
    assert.equal(sink.to(email).length, 1);

    assert.equal(await clickThrough(app, link), "/anmeldung-bestaetigt");
    const lead = await leadOf(app, email);
    assert.equal(lead?.status, "confirmed");
    assert.ok(lead?.confirmed_at instanceof Date);

    const again = await app.inject({ method: "GET", url: pathOf(link) });
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, "/link-ungueltig", "the link works only once");
    const pageAgain = await app.inject({ method: "GET", url: String(opened.headers.location) });
    assert.equal(pageAgain.headers.location, "/link-ungueltig", "so does its page");
    const postAgain = await app.inject({
      method: "POST",
      url: "/api/leads/confirm",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${token}`,
    });
    assert.equal(postAgain.headers.location, "/link-ungueltig", "and its button");
  });

  await t.test("after confirming, a welcome mail with the promised links, sender and unsubscribe link", async () => {
    const email = "juergen.gross@example.de";
    const [mail] = await sink.waitFor((m) => sentTo(m, email) && isWelcome(m.parsed));
    const text = mail!.parsed.text ?? "";
    const html = mail!.parsed.html || "";
    for (const page of ["/gesunde-rezepte", "/bewegung-alltag", "/ernaehrung-traditionell"]) {
      assert.ok(text.includes(`${site.siteUrl}${page}`), `text links ${page}`);
      assert.ok(html.includes(`href="${site.siteUrl}${page}"`), `HTML links ${page}`);
    }
    // Sender identity in every mail after the opt-in.
    assert.ok(text.includes(site.legal.company) && text.includes(site.address.street) && text.includes(site.address.city));
    const unsubscribe = linkIn(text, UNSUBSCRIBE);
    assert.ok(html.includes(`href="${unsubscribe}"`));
    assert.equal(headerValue(mail!.parsed, "list-unsubscribe")?.split(",")[0]?.trim(), `<${unsubscribe}>`);
    assert.equal(headerValue(mail!.parsed, "list-unsubscribe-post"), "List-Unsubscribe=One-Click");
    assert.equal(sink.to(email).length, 2, "confirmation and welcome, nothing else yet: the plan starts tomorrow");
  });

  await t.test(
    "the unsubscribe link opens the page whose button unsubscribes; it stays valid, and nothing more is sent",
    async () => {
      const email = "juergen.gross@example.de";
      const [welcome] = await sink.waitFor((m) => sentTo(m, email) && isWelcome(m.parsed));
      const link = linkIn(welcome!.parsed.text ?? "", UNSUBSCRIBE);
      const token = new URL(link).searchParams.get("token");

      const head = await app.inject({ method: "HEAD", url: pathOf(link) });
      assert.ok(head.statusCode < 400);
      const opened = await app.inject({ method: "GET", url: pathOf(link) });
      assert.equal(opened.statusCode, 303);
      assert.equal(opened.headers.location, `/abmelden?token=${token}`);
      const page = await app.inject({ method: "GET", url: String(opened.headers.location) });
      assert.equal(page.statusCode, 200);
      assert.equal(tokenInPage(page.body), token);
      assert.equal((await leadOf(app, email))?.status, "confirmed", "opening the link unsubscribes no one");

      assert.equal(await clickThrough(app, link), "/abmeldung-bestaetigt");
      const lead = await leadOf(app, email);
      assert.equal(lead?.status, "unsubscribed");
      assert.ok(lead?.unsubscribed_at instanceof Date);
      assert.equal(await clickThrough(app, link), "/abmeldung-bestaetigt", "a second click still lands on the confirmation page");
      const { rows } = await app.db.query<{ status: string }>(
        "SELECT DISTINCT status FROM mail_outbox WHERE lower(person_email) = $1 AND kind LIKE 'lead-plan-%'",
        [email],
      );
      assert.deepEqual(
        rows.map((row) => row.status),
        ["cancelled"],
        "the plan mails not yet sent are cancelled",
      );

      await outboxSettled(app);
      assert.equal(sink.to(email).length, 2);
    },
  );

  await t.test("one-click unsubscribe (RFC 8058) by POST, as mail programs send it", async () => {
    const email = "one.click@example.de";
    await submitLead(app, "Otto", email);
    const [request] = await sink.waitFor((m) => sentTo(m, email));
    assert.equal(await clickThrough(app, linkIn(request!.parsed.text ?? "", CONFIRM)), "/anmeldung-bestaetigt");
    const [welcome] = await sink.waitFor((m) => sentTo(m, email) && isWelcome(m.parsed));
    const url = headerValue(welcome!.parsed, "list-unsubscribe")!.split(",")[0]!.trim().slice(1, -1);

    const response = await app.inject({
      method: "POST",
      url: pathOf(url),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    assert.equal(response.statusCode, 200);
    assert.equal((await leadOf(app, email))?.status, "unsubscribed");

    // RFC 8058 asks mail providers for multipart/form-data; the same one-click POST in that form works too.
    const other = "one.click.multipart@example.de";
    await submitLead(app, "Olga", other);
    const [otherRequest] = await sink.waitFor((m) => sentTo(m, other));
    assert.equal(await clickThrough(app, linkIn(otherRequest!.parsed.text ?? "", CONFIRM)), "/anmeldung-bestaetigt");
    const [otherWelcome] = await sink.waitFor((m) => sentTo(m, other) && isWelcome(m.parsed));
    const otherUrl = headerValue(otherWelcome!.parsed, "list-unsubscribe")!.split(",")[0]!.trim().slice(1, -1);
    const boundary = "----abmelden7MA4YWxkTrZu0gW";
    const multipart = await app.inject({
      method: "POST",
      url: pathOf(otherUrl),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    assert.equal(multipart.statusCode, 200, multipart.body);
    assert.equal((await leadOf(app, other))?.status, "unsubscribed");
    // A body that is no multipart/form-data is refused with a German message, not read as a one-click.
    const broken = await app.inject({
      method: "POST",
      url: pathOf(otherUrl),
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nkaputt`,
    });
    assert.equal(broken.statusCode, 400, broken.body);
    assert.deepEqual(broken.json(), { error: MULTIPART_MESSAGES.unreadable });

    const forged = await app.inject({
      method: "POST",
      url: `${UNSUBSCRIBE}${"A".repeat(43)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    assert.equal(forged.statusCode, 404);
  });

  await t.test("a mail still queued when its reader unsubscribes is never sent", async () => {
    const email = "quick.exit@example.de";
    await submitLead(app, "Quentin", email);
    const [request] = await sink.waitFor((m) => sentTo(m, email));
    await sink.stop();
    try {
      assert.equal(await clickThrough(app, linkIn(request!.parsed.text ?? "", CONFIRM)), "/anmeldung-bestaetigt");
      // The welcome mail waits in the outbox while SMTP is down (an attempt has failed, so it is not in flight);
      // its unsubscribe link is in the queued mail.
      await waitUntil(async () => {
        const { rows } = await app.db.query(
          "SELECT 1 FROM mail_outbox WHERE kind = 'lead-welcome' AND lower(person_email) = $1 AND last_error IS NOT NULL",
          [email],
        );
        return rows.length > 0;
      }, "a failed attempt at the welcome mail");
      const queued = await app.db.query<{ text: string }>(
        "SELECT message ->> 'text' AS text FROM mail_outbox WHERE kind = 'lead-welcome' AND lower(person_email) = $1",
        [email],
      );
      assert.equal(await clickThrough(app, linkIn(queued.rows[0]!.text, UNSUBSCRIBE)), "/abmeldung-bestaetigt");
    } finally {
      await sink.start();
    }
    await outboxSettled(app);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(
      sink.to(email).length,
      1,
      `only the confirmation request, sent before the click: ${sink
        .to(email)
        .map((m) => m.parsed.subject)
        .join(" / ")}`,
    );
    const { rows } = await app.db.query<{ status: string }>(
      "SELECT DISTINCT status FROM mail_outbox WHERE kind <> 'lead-confirmation' AND person_email = $1",
      [email],
    );
    assert.deepEqual(
      rows.map((row) => row.status),
      ["cancelled"],
      "the welcome mail and the seven plan mails",
    );
  });

  await t.test("signing up again after unsubscribing starts a new double opt-in, nothing else", async () => {
    const email = "juergen.gross@example.de";
    const before = sink.to(email).length;
    await aDayLater(app, email);
    const response = await submitLead(app, "Jürgen Groß", email);
    assert.equal(response.statusCode, 202);
    assert.equal((await leadOf(app, email))?.status, "pending");
    const mails = await sink.waitFor((m) => sentTo(m, email), before + 1);
    await outboxSettled(app);
    assert.equal(sink.to(email).length, before + 1);
    assert.ok(isConfirmation(mails.at(-1)!.parsed), "the one new mail is a confirmation request");
  });

  await t.test(
    "unsubscribing by mistake and signing up again at once brings a new confirmation request, within the day",
    async () => {
      const email = "gleich.wieder@example.de";
      assert.equal((await submitLead(app, "Gregor", email)).statusCode, 202);
      const [request] = await sink.waitFor((m) => sentTo(m, email) && isConfirmation(m.parsed), 1);
      assert.equal(await clickThrough(app, linkIn(request!.parsed.text ?? "", CONFIRM)), "/anmeldung-bestaetigt");
      const [welcome] = await sink.waitFor((m) => sentTo(m, email) && isWelcome(m.parsed), 1);
      assert.equal(await clickThrough(app, linkIn(welcome!.parsed.text ?? "", UNSUBSCRIBE)), "/abmeldung-bestaetigt");
      assert.equal((await leadOf(app, email))?.status, "unsubscribed");

      // Minutes after the first request, not a day: the first link is used, so the bound does not hold.
      assert.equal((await submitLead(app, "Gregor", email)).statusCode, 202);
      const requests = await sink.waitFor((m) => sentTo(m, email) && isConfirmation(m.parsed), 2);
      const again = linkIn(requests[1]!.parsed.text ?? "", CONFIRM);
      assert.notEqual(again, linkIn(request!.parsed.text ?? "", CONFIRM));
      // The new request is unused again: one more sign-up within the day brings no third.
      assert.equal((await submitLead(app, "Gregor", email)).statusCode, 202);
      await outboxSettled(app);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(sink.to(email).filter((m) => isConfirmation(m.parsed)).length, 2);
      assert.equal(await clickThrough(app, again), "/anmeldung-bestaetigt");
      assert.equal((await leadOf(app, email))?.status, "confirmed");
    },
  );

  await t.test("a confirmed lead that submits again gets nothing", async () => {
    const email = "one.click@example.de";
    // Re-confirm through a fresh opt-in first, then submit once more.
    await aDayLater(app, email);
    await submitLead(app, "Otto", email);
    const requests = await sink.waitFor((m) => sentTo(m, email) && isConfirmation(m.parsed), 2);
    assert.equal(await clickThrough(app, linkIn(requests.at(-1)!.parsed.text ?? "", CONFIRM)), "/anmeldung-bestaetigt");
    await sink.waitFor((m) => sentTo(m, email) && isWelcome(m.parsed), 2);
    const count = sink.to(email).length;

    await aDayLater(app, email);
    assert.equal((await submitLead(app, "Otto", email)).statusCode, 202);
    await outboxSettled(app);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(sink.to(email).length, count);
  });

  await t.test("a pending address gets the confirmation again at most once a day", async () => {
    const email = "Resend.Limit@example.de";
    for (let i = 0; i < 4; i += 1) assert.equal((await submitLead(app, "Rudi", email)).statusCode, 202);
    await outboxSettled(app);
    assert.equal(sink.to(email).length, 1);

    await aDayLater(app, email);
    await submitLead(app, "Rudi", email.toLowerCase());
    const [first, second] = await sink.waitFor((m) => sentTo(m, email), 2);
    const firstLink = linkIn(first!.parsed.text ?? "", CONFIRM);
    const secondLink = linkIn(second!.parsed.text ?? "", CONFIRM);
    assert.notEqual(firstLink, secondLink);
    await submitLead(app, "Rudi", email);
    await outboxSettled(app);
    assert.equal(sink.to(email).length, 2, "still two after a third try");

    assert.equal(await clickThrough(app, secondLink), "/anmeldung-bestaetigt");
    assert.equal(await clickThrough(app, firstLink), "/link-ungueltig", "confirming uses up the older link too");
  });

  await t.test("an expired link is refused and the lead stays pending", async () => {
    const email = "late.click@example.de";
    await submitLead(app, "Lars", email);
    const [mail] = await sink.waitFor((m) => sentTo(m, email));
    const link = pathOf(linkIn(mail!.parsed.text ?? "", CONFIRM));
    const lead = await leadOf(app, email);
    await app.db.query("UPDATE lead_tokens SET expires_at = now() - interval '1 second' WHERE lead_id = $1", [lead!.id]);
    const response = await app.inject({ method: "GET", url: link });
    assert.equal(response.headers.location, "/link-ungueltig");
    const posted = await app.inject({
      method: "POST",
      url: "/api/leads/confirm",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${new URL(link, "http://x").searchParams.get("token")}`,
    });
    assert.equal(posted.headers.location, "/link-ungueltig");
    assert.equal((await leadOf(app, email))?.status, "pending");
  });

  await t.test("malformed and unknown tokens land on the error page, never a server error", async () => {
    const urls = [
      "/api/leads/confirm",
      "/api/leads/confirm?token=",
      "/api/leads/confirm?token=abc",
      `/api/leads/confirm?token=${"A".repeat(43)}`,
      `/api/leads/confirm?token=${"A".repeat(5000)}`,
      "/api/leads/confirm?token=a&token=b",
      "/api/leads/confirm?token=%00%0d%0a",
      "/api/leads/confirm?token[x]=1",
      "/api/leads/unsubscribe?token=' OR 1=1 --",
      `/api/leads/unsubscribe?token=${"B".repeat(43)}`,
    ];
    const pages = urls
      .filter((url) => url.includes("?token="))
      .map((url) => url.replace("/api/leads/confirm", "/anmeldung-bestaetigen").replace("/api/leads/unsubscribe", "/abmelden"));
    for (const url of [...urls, ...pages]) {
      const response = await app.inject({ method: "GET", url });
      assert.equal(response.statusCode, 303, url);
      assert.equal(response.headers.location, "/link-ungueltig", url);
    }
    // Without any token the pages are shown as built, with an empty field: their button confirms nothing.
    for (const url of ["/anmeldung-bestaetigen", "/abmelden"]) {
      const page = await app.inject({ method: "GET", url });
      assert.equal(page.statusCode, 200, url);
      assert.match(page.body, /<input type="hidden" name="token" value(="")?\/>/, url);
    }
    for (const url of ["/api/leads/confirm", "/api/leads/unsubscribe"]) {
      for (const payload of ["", "token=", "token=abc", `token=${"A".repeat(43)}`, "token=%00", "token[x]=1"]) {
        const response = await app.inject({
          method: "POST",
          url,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload,
        });
        assert.equal(response.statusCode, 303, `${url} ${payload}`);
        assert.equal(response.headers.location, "/link-ungueltig", `${url} ${payload}`);
      }
    }
  });
});
