/** The versions stored with each lead as proof of consent. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { readConsentVersions } from "./consent-versions";

describe("readConsentVersions", () => {
  let dir: string;
  const DETAILS = '---\ntitle: Verarbeitung personenbezogener Daten\nversion: "2026-09"\n---\n\nAlle Einzelheiten.\n';
  const write = async (
    privacy: string | undefined,
    consent: unknown = { version: "2026-11-21", text: "Ja, ich möchte …", newslettersPerMonth: 2 },
    details: string = DETAILS,
  ) => {
    await rm(dir, { recursive: true, force: true });
    await mkdir(path.join(dir, "legal"), { recursive: true });
    await writeFile(path.join(dir, "site.json"), JSON.stringify({ consent }));
    if (privacy !== undefined) await writeFile(path.join(dir, "legal", "datenschutz.md"), privacy);
    await writeFile(path.join(dir, "legal", "personenbezogene-daten.md"), details);
    await writeFile(path.join(dir, "legal", "agb.md"), '---\ntitle: AGB\nversion: "2026-08"\n---\n\n## 1. Geltung\n');
  };
  /** The statement's part of the recorded version. */
  const statementVersion = () => /^datenschutz:([^;]+);/.exec(readConsentVersions(dir).privacyStatement)![1]!;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "urkraft-content-"));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("takes the consent text's label from site.json and the versions of both privacy texts and the terms from their front matter", async () => {
    await write('---\ntitle: Datenschutzerklärung\nversion: "2026-10"\n---\n\n## 1. Überblick\n');
    const versions = readConsentVersions(dir);
    assert.match(versions.consentText, /^2026-11-21;sha256:[0-9a-f]{12}$/);
    assert.equal(versions.privacyStatement, "datenschutz:2026-10;personenbezogene-daten:2026-09;agb:2026-08");
    assert.equal(versions.newslettersPerMonth, 2, "the limit the text shows, stored with each sign-up");
  });

  it("makes a changed consent text or monthly limit a new version even when its label stays", async () => {
    const privacy = '---\ntitle: Datenschutzerklärung\nversion: "2026-10"\n---\n\n## 1. Überblick\n';
    const versionOf = async (consent: unknown) => {
      await write(privacy, consent);
      return readConsentVersions(dir).consentText;
    };
    const base = {
      version: "2026-11-21",
      text: "Ja, ich möchte höchstens {{wort:consent.newslettersPerMonth}} E-Mails.",
      newslettersPerMonth: 2,
    };
    const first = await versionOf(base);
    assert.equal(await versionOf({ ...base }), first, "the same text and limit: the same version");
    assert.notEqual(await versionOf({ ...base, text: `${base.text} Auch Angebote.` }), first, "another text");
    assert.notEqual(await versionOf({ ...base, newslettersPerMonth: 4 }), first, "another limit");
  });

  it("records the version of the complete account too: an edit there alone is a new version of the proof", async () => {
    const statement = "---\ntitle: Datenschutzerklärung\n---\n\nDas Wichtigste.\n";
    await write(statement, undefined, "---\ntitle: Einzelheiten\n---\n\nErster Stand.\n");
    const first = readConsentVersions(dir).privacyStatement;
    assert.match(first, /^datenschutz:sha256:[0-9a-f]{12};personenbezogene-daten:sha256:[0-9a-f]{12};agb:2026-08$/);
    await write(statement, undefined, "---\ntitle: Einzelheiten\n---\n\nZweiter Stand.\n");
    const second = readConsentVersions(dir).privacyStatement;
    assert.notEqual(second, first);
    assert.equal(second.split(";")[0], first.split(";")[0], "the statement itself is unchanged");
  });

  it("fingerprints a privacy statement without a version, so every edit is a new version", async () => {
    await write("---\ntitle: Datenschutzerklärung\n---\n\nErster Stand.\n");
    const first = statementVersion();
    assert.match(first, /^sha256:[0-9a-f]{12}$/);
    assert.equal(statementVersion(), first, "the same text gives the same version");
    await write("---\ntitle: Datenschutzerklärung\n---\n\nZweiter Stand.\n");
    assert.notEqual(statementVersion(), first);
  });

  it("gives a new version when a site.json value the statement states changes, not when another one does", async () => {
    const statement = "---\ntitle: Datenschutzerklärung\n---\n\nVersand über {{deployment.mailProvider}}.\n";
    const consent = { version: "2026-11-25", text: "Ja, ich möchte …", newslettersPerMonth: 2 };
    const withSite = async (site: Record<string, unknown>) => {
      await write(statement);
      await writeFile(path.join(dir, "site.json"), JSON.stringify({ consent, ...site }));
      return statementVersion();
    };
    const empty = await withSite({ deployment: { mailProvider: "" }, brand: "Urkraft" });
    const filled = await withSite({ deployment: { mailProvider: "Beispiel Mail GmbH" }, brand: "Urkraft" });
    assert.notEqual(filled, empty, "filling in the mail provider is a new version of the statement");
    assert.equal(await withSite({ deployment: { mailProvider: "Beispiel Mail GmbH" }, brand: "Anders" }), filled);
  });

  it("refuses to start without a consent version, its monthly limit or a privacy statement", async () => {
    await write("text", { text: "ohne Version" });
    assert.throws(() => readConsentVersions(dir), /Feld „consent\.version“ fehlt/);
    await write(undefined);
    assert.throws(() => readConsentVersions(dir), /datenschutz\.md fehlt/);
    await write("text", { version: "2026-11-21", text: "ohne Zahl" });
    assert.throws(() => readConsentVersions(dir), /Feld „consent\.newslettersPerMonth“ muss eine ganze Zahl größer als 0 sein/);
  });

  it("reads the project's own content", () => {
    const site = JSON.parse(readFileSync("content/site.json", "utf8")) as { consent: { version: string } };
    const versions = readConsentVersions(path.resolve("content"));
    assert.ok(versions.consentText.startsWith(`${site.consent.version};sha256:`), versions.consentText);
    assert.match(versions.privacyStatement, /^datenschutz:[^;]+;personenbezogene-daten:[^;]+;agb:[^;]+$/);
    assert.ok(versions.privacyStatement.length > 0);
  });
});
