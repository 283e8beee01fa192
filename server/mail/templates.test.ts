/** Mail texts, their Markdown subset, header sanitising and the SMTP settings, without a server. */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../config";
import { displayName, isDeliverableAddress, oneLine } from "../../common/mail/headers";
import { renderHtml, renderText } from "../../common/mail/markdown";
import { retryDelayMs } from "./outbox";
import {
  emailTemplateProblems,
  loadTemplates,
  renderMail,
  SITE_VALUES,
  TEMPLATE_VALUES,
  type MailKind,
} from "../../common/mail/templates";
import { smtpOptions } from "./transport";

const EMAILS_DIR = path.resolve("content/emails");

describe("Markdown subset", () => {
  const source = [
    "## Überschrift für {{name}}",
    "Hallo **{{name}}**,\nzweite Zeile mit [Link]({{url}}).",
    "- eins\n- zwei",
    "> {{message}}",
    "[Jetzt bestätigen]({{url}})",
  ].join("\n\n");
  const values = { name: "Jürgen", url: "https://www.urkraft.de/x?a=1&b=2", message: "Zeile 1\nZeile 2" };

  test("plain text keeps the structure and spells out links", () => {
    assert.equal(
      renderText(source, values),
      [
        "ÜBERSCHRIFT FÜR JÜRGEN",
        "Hallo Jürgen,\nzweite Zeile mit Link (https://www.urkraft.de/x?a=1&b=2).",
        "– eins\n– zwei",
        "> Zeile 1\n> Zeile 2",
        "Jetzt bestätigen:\nhttps://www.urkraft.de/x?a=1&b=2",
      ].join("\n\n"),
    );
  });

  test("HTML has headings, lists, quotes, links and a button, with escaped link targets", () => {
    const html = renderHtml(source, values);
    assert.match(html, /<h2 [^>]*>Überschrift für Jürgen<\/h2>/);
    assert.match(html, /Hallo <strong>Jürgen<\/strong>,<br>zweite Zeile/);
    assert.match(html, /<li [^>]*>eins<\/li><li [^>]*>zwei<\/li>/);
    assert.match(html, /<blockquote [^>]*><p [^>]*>Zeile 1<br>Zeile 2<\/p><\/blockquote>/);
    assert.equal(html.match(/href="https:\/\/www\.urkraft\.de\/x\?a=1&amp;b=2"/g)?.length, 2);
    assert.match(html, /<a href="[^"]+" style="display:inline-block;[^"]*">Jetzt bestätigen<\/a>/);
  });

  test("values are text: escaped in HTML, never read as Markdown or placeholders", () => {
    const hostile = {
      name: `<b onmouseover="x">**fett**</b> [a](javascript:alert(1)) {{url}} & "' `,
      url: "https://www.urkraft.de/",
      message: "<script>alert(1)</script>",
    };
    const html = renderHtml(source, hostile);
    assert.ok(
      html.includes("&lt;b onmouseover=&quot;x&quot;&gt;**fett**&lt;/b&gt; [a](javascript:alert(1)) {{url}} &amp; &quot;&#39;"),
    );
    assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert.doesNotMatch(html, /<script|<b |href="javascript/);
    assert.ok(renderText(source, hostile).includes("{{url}}"), "a placeholder inside a value stays literal");
  });

  test("a link target that is not http(s) or mailto is refused, also when it comes from a value", () => {
    assert.throws(() => renderHtml("[x](javascript:alert(1))", {}), /Linkziel/);
    assert.throws(() => renderHtml("[x]({{url}})", { url: "javascript:alert(1)" }), /Linkziel/);
    assert.throws(() => renderText("[x]({{url}})", { url: 'https://a.de/"><script>' }), /Linkziel/);
  });

  test("a placeholder without a value is an error, not an empty gap", () => {
    assert.throws(() => renderText("Hallo {{name}}", {}), /\{\{name\}\}/);
  });
});

describe("templates in content/emails", () => {
  test("every template loads and renders with the values its mail supplies", () => {
    const templates = loadTemplates(EMAILS_DIR);
    for (const [kind, names] of Object.entries(TEMPLATE_VALUES)) {
      if (kind.startsWith("_")) continue;
      const values = Object.fromEntries(
        [...names, ...SITE_VALUES].map((name) => [name, name.endsWith("Url") ? `https://www.urkraft.de/${name}` : `«${name}»`]),
      );
      const mail = renderMail(templates, kind as MailKind, values, { brand: "Urkraft" });
      assert.ok(mail.subject.length > 0, kind);
      assert.doesNotMatch(mail.text + mail.html, /\{\{/, `${kind}: every placeholder filled`);
      assert.match(mail.html, /^<!DOCTYPE html>\n<html lang="de">/);
    }
  });

  test("an editor's typo in a placeholder stops loading with the file and the name", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "mail-templates-"));
    try {
      await cp(EMAILS_DIR, dir, { recursive: true });
      await writeFile(path.join(dir, "lead-welcome.md"), "---\nsubject: Hallo {{nmae}}\n---\nText\n");
      assert.throws(() => loadTemplates(dir), /lead-welcome\.md: unbekannter Platzhalter \{\{nmae\}\}/);
      await writeFile(path.join(dir, "lead-welcome.md"), "---\n---\nText\n");
      assert.throws(() => loadTemplates(dir), /lead-welcome\.md: subject fehlt/);
      await cp(path.join(EMAILS_DIR, "lead-welcome.md"), path.join(dir, "lead-welcome.md"));
      await rm(path.join(dir, "contact-notification.md"));
      assert.throws(() => loadTemplates(dir), /fehlt: .*contact-notification\.md/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("the content check finds a broken template and names the file in German", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "mail-content-"));
    try {
      await cp(path.resolve("content"), dir, { recursive: true });
      assert.deepEqual(emailTemplateProblems(dir), []);
      const planDay = path.join(dir, "emails", "lead-plan-day.md");
      await writeFile(planDay, "---\nsubject: Tag {{day}}\n---\nHeute: {{aktivitaet}}\n");
      await writeFile(path.join(dir, "emails", "lead-plan-final.md"), "---\nsubject: Tag 7\n---\n[Rezepte](rezepte.html)\n");
      await writeFile(path.join(dir, "emails", "lead-welcome.md"), "---\nsubject Willkommen\n---\nText\n");
      const problems = emailTemplateProblems(dir);
      assert.equal(problems.length, 3, problems.join("\n"));
      assert.match(problems[0]!, /^content\/emails\/lead-welcome\.md: Zeile im Kopfbereich nicht lesbar/);
      assert.match(problems[1]!, /^content\/emails\/lead-plan-day\.md: unbekannter Platzhalter \{\{aktivitaet\}\}/);
      assert.match(problems[2]!, /^content\/emails\/lead-plan-final\.md: Linkziel ist keine http\(s\)- oder mailto-Adresse/);

      // `npm run check:content` stops with the same messages.
      const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-content.ts", dir], { encoding: "utf8" });
      assert.equal(run.status, 1);
      assert.match(run.stderr, /Fehler in den Inhaltsdateien:/);
      for (const file of ["lead-welcome.md", "lead-plan-day.md", "lead-plan-final.md"])
        assert.ok(run.stderr.includes(`content/emails/${file}`), file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("the unsubscribe block and the sender's identity are added to visitor mails", () => {
    const templates = loadTemplates(EMAILS_DIR);
    const base = {
      brand: "Urkraft",
      company: "Urkraft GmbH",
      siteUrl: "https://www.urkraft.de",
      ownerEmail: "k@urkraft.de",
      phone: "1",
      street: "Leopoldstraße 42",
      postalCode: "80802",
      city: "München",
      replyWithinHours: "24",
      planMailTime: "07:30",
      contactRequestDays: "180",
      newslettersPerMonth: "zwei",
      safetyNote: "Hör auf, wenn etwas schmerzt.",
    };
    const welcome = renderMail(
      templates,
      "lead-welcome",
      { ...base, name: "M", recipesUrl: "https://a.de/r", movementUrl: "https://a.de/m", nutritionUrl: "https://a.de/n" },
      { brand: "Urkraft", unsubscribeUrl: "https://www.urkraft.de/api/leads/unsubscribe?token=t" },
    );
    assert.ok(welcome.text.includes("https://www.urkraft.de/api/leads/unsubscribe?token=t"));
    assert.ok(welcome.text.includes("Urkraft GmbH · Leopoldstraße 42 · 80802 München"));
    const notification = renderMail(
      templates,
      "contact-notification",
      { ...base, name: "M", email: "m@example.de", requestUrl: "https://a.de/verwaltung/anfragen/1", submittedAt: "heute" },
      { brand: "Urkraft" },
    );
    assert.ok(!notification.text.includes("Leopoldstraße"), "the owner's own notification has no footer");
  });
});

describe("header values", () => {
  test("no line break or control character survives", () => {
    for (const raw of ["a\r\nBcc: x@y.de", "a\nb", "a\rb", "a\u2028b", "a\u0085b", "a\u0000b", "a\tb"]) {
      const codes = [...oneLine(raw)].map((char) => char.charCodeAt(0));
      assert.ok(
        codes.every((code) => code >= 32 && code !== 0x7f && code !== 0x85 && code !== 0x2028),
        JSON.stringify(raw),
      );
    }
    assert.equal(displayName('Eve" <x@y.de>\r\nBcc: z'), "Eve x@y.de Bcc: z");
  });

  test("only addresses that stay one recipient are sent to", () => {
    const good = ["max@example.de", "max.mustermann+info@mail.example.co.uk", "jürgen@müller.de", "o'brien@example.ie"];
    const bad = [
      "a,b@example.de",
      "x<v@example.org>",
      "a;b@example.de",
      'q"t@example.de',
      "a b@example.de",
      "a@b@example.de",
      "@example.de",
      "a@example",
      "a@-x.de",
      "a..b@example.de",
      "a@example.de\r\n",
    ];
    for (const address of good) assert.ok(isDeliverableAddress(address), address);
    for (const address of bad) assert.ok(!isDeliverableAddress(address), address);
  });
});

describe("SMTP and outbox settings", () => {
  test("smtps:// is TLS from the start, smtp:// must upgrade with STARTTLS except on this machine", () => {
    const tls = smtpOptions("smtps://user%40site:p%C3%A4ss@mail.example.de");
    assert.equal(tls.secure, true);
    assert.equal(tls.port, 465);
    assert.deepEqual(tls.auth, { user: "user@site", pass: "päss" });
    const starttls = smtpOptions("smtp://mail.example.de:587");
    assert.equal(starttls.secure, false);
    assert.equal(starttls.requireTLS, true);
    assert.equal(smtpOptions("smtp://127.0.0.1:2525").requireTLS, false);
    const tuned = smtpOptions(
      "smtp://mail.example.de?requireTLS=false&pool=false&tls.rejectUnauthorized=false&connectionTimeout=500",
    );
    assert.equal(tuned.requireTLS, false);
    assert.equal(tuned.pool, false);
    assert.equal(tuned.connectionTimeout, 500);
    assert.deepEqual(tuned.tls, { rejectUnauthorized: false });
  });

  test("SMTP_URL and the MAIL_* variables are checked at start", () => {
    assert.throws(() => loadConfig({ SMTP_URL: "http://mail.example.de" }), ConfigError);
    assert.throws(() => loadConfig({ SMTP_URL: "kein url" }), /SMTP_URL/);
    assert.throws(() => loadConfig({ MAIL_MAX_ATTEMPTS: "0" }), /MAIL_MAX_ATTEMPTS/);
    assert.throws(() => loadConfig({ MAIL_RETRY_BASE: "bald" }), /MAIL_RETRY_BASE/);
    assert.throws(() => loadConfig({ MAIL_WORKER: "vielleicht" }), /MAIL_WORKER/);
    const config = loadConfig({ SMTP_URL: "smtps://mail.example.de", MAIL_RETRY_BASE: "1m", MAIL_WORKER: "false" });
    assert.equal(config.mail.smtpUrl, "smtps://mail.example.de");
    assert.equal(config.mail.retryBaseMs, 60_000);
    assert.equal(config.mail.worker, false);
    assert.equal(loadConfig({}).mail.smtpUrl, undefined);
  });

  test("back-off doubles from the base up to the maximum", () => {
    const policy = { retryBaseMs: 30_000, retryMaxMs: 3_600_000, maxAttempts: 30 };
    assert.deepEqual(
      [1, 2, 3, 4, 7, 8, 20].map((attempt) => retryDelayMs(attempt, policy)),
      [30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000],
    );
  });
});
