/**
 * The privacy texts promise what `purgeExpired` does: the proof-of-consent period comes from
 * content/site.json (one source), and the block list is described as it works. They come in two layers:
 * /datenschutz with the essentials, /personenbezogene-daten complete, with everything the first says.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { readFrontMatter } from "../common/content/front-matter";
import { fillPlaceholders } from "../common/content/placeholders";
import { contentProblems } from "../common/content/read-content";
import { FORM_MAIL_BOUND_HOURS, FORM_MAIL_BRAKE_HOLD_HOURS, SPAM_KEPT_DAYS } from "../common/constants";
import { OTHER_MEDIUM, UTM_MEDIUMS, VISIT_SOURCE_MAX_LENGTH } from "../common/visit-source";

const CONTENT = path.resolve("content");
const site = JSON.parse(readFileSync(path.join(CONTENT, "site.json"), "utf8")) as { retention: Record<string, number> };
const read = (slug: string) => ({
  slug,
  body: readFrontMatter(readFileSync(path.join(CONTENT, "legal", `${slug}.md`), "utf8")).content,
});
const FIRST_LAYER = read("datenschutz");
const COMPLETE = read("personenbezogene-daten");
/** What every process is described by in full: the complete account. */
const TEXTS = [COMPLETE];
const placeholders = (body: string) => new Set([...body.matchAll(/\{\{(?:wort:)?([\w.]+)\}\}/g)].map((m) => m[1]!));

describe("the privacy information in two layers", () => {
  it("the first layer links to the complete account at its top and its end", () => {
    const links = [...FIRST_LAYER.body.matchAll(/\]\(\/personenbezogene-daten\)/g)].map((m) => m.index!);
    assert.ok(links.length >= 2);
    assert.ok(links[0]! < FIRST_LAYER.body.indexOf("## 2."), "at the top");
    assert.ok(links.at(-1)! > FIRST_LAYER.body.indexOf("## 6."), "at the end");
  });

  it("the complete account states every fact and period the first layer states", () => {
    const missing = [...placeholders(FIRST_LAYER.body)].filter((name) => !placeholders(COMPLETE.body).has(name));
    assert.deepEqual(missing, []);
  });

  it("both name every provider, and the objection right stands apart in both", () => {
    for (const { slug, body } of [FIRST_LAYER, COMPLETE]) {
      for (const fact of ["hostingProvider", "mailProvider", "mailboxProvider", "backupProvider", "backupDays", "cdn"])
        assert.match(body, new RegExp(`\\{\\{deployment\\.${fact}\\}\\}`), `${slug}: ${fact}`);
      assert.match(
        body,
        /\*\*(Widerspruchsrecht \(Art\. 21 DSGVO\): )?Verarbeiten wir deine Daten auf Grundlage von Art\. 6 Abs\. 1 lit\. f DSGVO, kannst du/,
      );
      assert.doesNotMatch(
        body,
        /kein Tracking|§ 25 TDDDG ist nicht berührt|einen Besuch können wir keiner Person zuordnen/,
        slug,
      );
    }
  });

  it("no longer knows another newsletter tool: the site sends its newsletters itself", () => {
    for (const { body } of [FIRST_LAYER, COMPLETE]) assert.doesNotMatch(body, /newsletterTool/);
  });
});

describe("proof of consent in the privacy texts", () => {
  it("site.json must state consentProofYears as a whole number of at least three years", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-content-"));
    try {
      cpSync(CONTENT, dir, { recursive: true });
      const file = path.join(dir, "site.json");
      const write = (value: unknown) =>
        writeFileSync(file, JSON.stringify({ ...site, retention: { ...site.retention, consentProofYears: value } }));
      assert.deepEqual(contentProblems(dir), []);
      write(undefined);
      assert.deepEqual(contentProblems(dir), ["content/site.json, Feld „retention.consentProofYears“: fehlt"]);
      write(2);
      assert.deepEqual(contentProblems(dir), [
        "content/site.json, Feld „retention.consentProofYears“: muss mindestens 3 sein: so lange kann jemand eine Einwilligung bestreiten (regelmäßige Verjährung)",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const { slug, body } of TEXTS) {
    it(`${slug}.md takes the period from site.json and writes no number of years itself`, () => {
      assert.match(body, /\{\{retention\.consentProofYears\}\}&nbsp;Jahre/);
      const filled = fillPlaceholders(body, site);
      const proof = filled
        .split("\n")
        .find((line) => line.includes("Nachweis") && line.includes("Abmeldung") && /(&nbsp;| )Jahre\b/.test(line));
      assert.ok(proof, "a sentence about keeping the proof after unsubscribing");
      assert.match(proof, new RegExp(`noch \\**${site.retention.consentProofYears}&nbsp;Jahre`));
      assert.doesNotMatch(body.replace(/\{\{[^}]+\}\}/g, ""), /\b(drei|\d+)(&nbsp;| )Jahren?\b/);
    });

    it(`${slug}.md describes the block list as it works: a new sign-up gets only a new confirmation request`, () => {
      assert.doesNotMatch(body, /nie wieder/);
      assert.match(body, /Sperrliste/);
      assert.match(
        body,
        /neu an, bekommst du nur die E-Mail mit einem neuen Bestätigungslink; alles Weitere erst, wenn du erneut bestätigst/,
      );
    });
  }
});

describe("the privacy texts follow the settings and periods of site.json", () => {
  for (const { slug, body } of TEXTS) {
    it(`${slug}.md says which owner notification applies and how long mailbox copies stay`, () => {
      const asLink = fillPlaceholders(body, { ...site, ownerNotification: "link" });
      const asFull = fillPlaceholders(body, { ...site, ownerNotification: "full" });
      assert.notEqual(asLink, asFull, "the text changes with ownerNotification");
      assert.match(body, /\{\{#if ownerNotification=full\}\}/);
      // The copies in the owner's mailbox have a period, taken from site.json.
      const mailbox = asFull.split("\n").find((line) => line.includes("Postfach") && line.includes("Nachricht"));
      assert.ok(mailbox, "a sentence about the message in our mailbox");
      assert.ok(
        body.split("\n").some((line) => line.includes("Postfach") && line.includes("{{retention.contactRequestDays}}")),
        "the mailbox period comes from site.json",
      );
    });

    it(`${slug}.md takes the audit log's period from site.json and names every deployment fact as a placeholder`, () => {
      assert.match(body, /\{\{retention\.auditLogDays\}\}&nbsp;Tage/);
      for (const fact of ["hostingProvider", "mailProvider", "mailboxProvider", "cdn", "accessLogDays"])
        assert.match(body, new RegExp(`\\{\\{deployment\\.${fact}\\}\\}`), fact);
      // No period of log deletion written as a fixed number.
      assert.doesNotMatch(body, /\b7(&nbsp;| )Tage/);
    });
  }
});

describe("visit statistics and spam protection in the privacy texts", () => {
  const both = [FIRST_LAYER, COMPLETE];

  it("both say that only daily sums are kept and user agent and previous page are read in working memory only", () => {
    for (const { slug, body } of both) {
      assert.match(body, /[Dd]auerhaft gespeichert werden nur Tagessummen/, slug);
      assert.match(
        body,
        /Browserkennung und (die )?Adresse der vorherigen Seite wertet (unser|der) Server nur kurz im Arbeitsspeicher aus/,
        slug,
      );
    }
  });

  it("both take the period of the source kept with a sign-up from site.json, counted from the confirmation", () => {
    for (const { slug, body } of both) {
      assert.match(body, /\{\{retention\.leadSourceDays\}\}&nbsp;Tage nach deiner Bestätigung/, slug);
      assert.doesNotMatch(body.replace(/\{\{[^}]+\}\}/g, ""), /\b\d+(&nbsp;| )Tagen? nach deiner Bestätigung/, slug);
    }
  });

  it("the complete account states the rule for utm values as the server applies it", () => {
    const filled = fillPlaceholders(COMPLETE.body, site);
    assert.match(COMPLETE.body, /\{\{visitStats\.labelMaxLength\}\}&nbsp;Zeichen/);
    assert.ok(filled.includes(`${VISIT_SOURCE_MAX_LENGTH}&nbsp;Zeichen`));
    assert.ok(filled.includes(`als „${OTHER_MEDIUM}“`), "unknown utm_medium values");
    for (const medium of ["email", "newsletter", "social", "cpc"]) {
      assert.ok((UTM_MEDIUMS as readonly string[]).includes(medium), medium);
      assert.ok(filled.includes(`„${medium}“`), medium);
    }
  });

  it("both say the address's hash that bounds the form mails is kept as long as the bound, and that automated posts are marked as spam", () => {
    for (const { slug, body } of both) {
      const filled = fillPlaceholders(body, site);
      assert.match(body, /Hashwert deiner E-Mail-Adresse, nicht die Adresse selbst/, slug);
      assert.ok(
        filled.includes(`löschen wir nach ${FORM_MAIL_BOUND_HOURS}&nbsp;Stunden`) ||
          filled.includes(`löschen ihn nach ${FORM_MAIL_BOUND_HOURS}&nbsp;Stunden`),
        slug,
      );
      assert.match(body, /(automatisiert aussehen|wie es Programme tun), markieren wir (mit diesem Grund )?als Spam/, slug);
      // The purge deletes them after SPAM_KEPT_DAYS (server/services/privacy.ts), and no webhook carries them.
      assert.ok(filled.includes(`nach ${SPAM_KEPT_DAYS}&nbsp;Tagen, auf einen Klick auch früher`), slug);
      assert.match(body, /(weitergegeben werden sie nicht|geben sie an niemanden weiter)/, slug);
      assert.doesNotMatch(body.replace(/\{\{[^}]+\}\}/g, ""), /\b24(&nbsp;| )Stunden/, slug);
    }
  });

  it("both, and the thank-you page, say when a second sign-up gets no new link, and that the brake delays acknowledgments", () => {
    const thanks = readFileSync(path.join(CONTENT, "pages", "danke-willkommen.json"), "utf8");
    for (const { slug, body } of [...both, { slug: "danke-willkommen", body: JSON.parse(thanks).steps.items[0].text }]) {
      const filled = fillPlaceholders(body, site).replace(/&nbsp;/g, "\u00a0");
      assert.ok(filled.includes(`bis zu ${FORM_MAIL_BRAKE_HOLD_HOURS}\u00a0Stunden später`), slug);
    }
    // The bound holds while the first link is unused (server/services/leads.ts), not after an unsubscribe.
    assert.match(
      COMPLETE.body,
      /ohne bestätigt zu haben, kommt keine zweite; nutz den Link aus der ersten\. Hast du bestätigt und dich seitdem abgemeldet, bekommst du bei einer neuen Anmeldung sofort einen neuen Link\./,
    );
    assert.match(JSON.parse(thanks).steps.items[0].text, /schon einmal eingetragen und noch nicht bestätigt, kommt keine zweite/);
  });

  it("both say that a request or sign-up marked as spam mails nobody at the address it names", () => {
    assert.match(FIRST_LAYER.body, /markieren wir als Spam: An die Adresse darin geht keine E-Mail/);
    assert.match(COMPLETE.body, /als Spam: An die Adresse darin schicken wir keine E-Mail, weder eine Eingangsbestätigung noch/);
    // No promise of an acknowledgment without the exception.
    assert.match(COMPLETE.body, /Du bekommst eine Eingangsbestätigung, außer wir markieren die Anfrage als Spam/);
    assert.doesNotMatch(COMPLETE.body, /Du bekommst eine Eingangsbestätigung;/);
    // Spam marking is automated, though no decision under Art. 22: the texts do not say „nichts automatisiert“.
    for (const { slug, body } of both) assert.doesNotMatch(body, /entscheiden nichts automatisiert/, slug);
    assert.match(
      FIRST_LAYER.body,
      /Automatisierte Entscheidungen im Sinne von Art\. 22 DSGVO treffen wir nicht; unser Spamschutz/,
    );
  });
  it("both name the host of the content repository as a recipient, and where withdrawn testimonials go", () => {
    const host = "Beispiel Git GmbH, Musterweg 3, 12345 Musterstadt";
    const withHost = {
      ...site,
      deployment: { ...(site as unknown as { deployment: object }).deployment, contentRepository: host },
    };
    for (const { slug, body } of [FIRST_LAYER, COMPLETE]) {
      const filled = fillPlaceholders(body, withHost);
      assert.match(filled, new RegExp(`\\*\\*Inhaltsverwaltung\\*\\* \\([^)]*Erfahrungsberichte\\): ${host}`), slug);
      assert.match(
        filled,
        new RegExp(
          `in der Versionsgeschichte unserer Inhalte bei ${host}; widerrufst du, entfernen wir sie dort und aus allen Vorschauen`,
        ),
        slug,
      );
      // Without a remote the history stays on our own server: no recipient to name.
      assert.doesNotMatch(fillPlaceholders(body, site), /Inhaltsverwaltung/, slug);
    }
  });
});
