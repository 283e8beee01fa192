/**
 * With SITE_URL set the server starts only when the environment delivers what the privacy texts and the
 * pages say: each missing or contradicting setting stops `server/index.ts` with exit code 1 and a German
 * message naming the variable or the field, before anything is built or opened.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { loadConfig, productionProblems } from "./config";
import type { SiteSettings } from "../common/content/read-content";
import { entryArgs } from "./test-support/entry-points";

const PROJECT_DIR = path.resolve(import.meta.dirname, "..");
const site = JSON.parse(readFileSync(path.join(PROJECT_DIR, "content", "site.json"), "utf8")) as SiteSettings;

/** Every deployment fact filled in, as for a real installation in the EU. */
const FILLED: SiteSettings["deployment"] = {
  ...site.deployment,
  hostingProvider: "Beispiel Hosting GmbH, Musterstraße 1, 12345 Musterstadt",
  serverLocation: "Deutschland",
  accessLogDays: "7",
  httpsEnforced: "ja",
  cdn: "keines",
  mailProvider: "Beispiel Mail GmbH, Musterweg 2, 12345 Musterstadt",
  mailboxProvider: "Beispiel Mail GmbH, Musterweg 2, 12345 Musterstadt",
  euOnly: "ja",
  backupLocation: "verschlüsselt auf einem zweiten Server von Beispiel Hosting GmbH in Deutschland",
  backupDays: "14",
  backupProvider: "Beispiel Hosting GmbH, Musterstraße 1, 12345 Musterstadt",
  checkedOn: "2026-11-26",
  mailTrackingOffOn: "2026-11-30",
  dataProtectionOfficer: "keiner",
  marketSurveillance:
    "Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF), Magdeburg",
  accessibilityCheckedOn: "2026-11-30",
};
const READY_ENV = {
  SITE_URL: "https://www.urkraft.de",
  SMTP_URL: "smtps://versand:geheim@mail.example.de:465",
  OWNER_EMAILS: "thomas@urkraft.de",
  TRUST_PROXY: "1",
};
const CONTENT_REMOTE = { CONTENT_GIT_REMOTE: "https://git.example.de/urkraft/inhalte.git" };
const WEBHOOKS = { WEBHOOK_URLS: "https://hooks.example.de/urkraft", WEBHOOK_SECRET: `whsec_${"a".repeat(43)}=` };

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Starts the real server from a folder whose content/site.json is the given one. */
function start(settings: SiteSettings, env: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-start-"));
  dirs.push(dir);
  cpSync(path.join(PROJECT_DIR, "content"), path.join(dir, "content"), { recursive: true });
  writeFileSync(path.join(dir, "content", "site.json"), JSON.stringify(settings, null, 2));
  const result = spawnSync(process.execPath, entryArgs("index"), {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      BUILD_ON_START: "false",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "data"),
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

const ready: SiteSettings = { ...site, ownerNotification: "link", deployment: FILLED };

describe("a production start", () => {
  it("passes with every setting in place, and checks nothing without SITE_URL", () => {
    assert.deepEqual(productionProblems(loadConfig(READY_ENV), ready), []);
    assert.deepEqual(
      productionProblems(
        loadConfig({ ...READY_ENV, ...WEBHOOKS }),
        withDeployment({
          webhookRecipients: "Beispiel CRM GmbH, Berlin",
          webhookRetention: "bis zu deiner Abmeldung oder Löschung",
        }),
      ),
      [],
    );
    assert.deepEqual(
      productionProblems(
        loadConfig({ ...READY_ENV, ...CONTENT_REMOTE }),
        withDeployment({ contentRepository: "Beispiel Git GmbH, Musterweg 3, 12345 Musterstadt (Deutschland)" }),
      ),
      [],
    );
    const { SITE_URL: _siteUrl, ...development } = READY_ENV;
    assert.deepEqual(productionProblems(loadConfig({ ...development, OWNER_EMAILS: "" }), site), []);
    // A SITE_URL on this machine is a local test run, not production.
    assert.deepEqual(productionProblems(loadConfig({ SITE_URL: "http://127.0.0.1:9341" }), site), []);
  });

  const cases: [string, SiteSettings, Record<string, string>, RegExp][] = [
    [
      "the facts not yet checked against the contracts",
      withDeployment({ checkedOn: "" }),
      READY_ENV,
      /Feld „deployment\.checkedOn“: ist noch leer; trag den Tag ein, an dem du diese Angaben mit den Verträgen/,
    ],
    [
      "open and click tracking at the mail provider not yet switched off and checked",
      withDeployment({ mailTrackingOffOn: "" }),
      READY_ENV,
      /Feld „deployment\.mailTrackingOffOn“: ist noch leer; die Datenschutztexte sagen, dass wir Öffnungen und Klicks nicht messen\. Schalte die Öffnungs- und Klickzählung beim Versanddienst ab, schick dir mit „npm run leads -- mail-check ADRESSE“ eine E-Mail jeder Art und prüf ihren Quelltext: kein Bild, das die Website nicht selbst eingefügt hat, kein Link, der auf eine fremde Adresse umgeschrieben ist/,
    ],
    [
      "the privacy texts not yet saying whether a data protection officer is appointed",
      withDeployment({ dataProtectionOfficer: "" }),
      READY_ENV,
      /Feld „deployment\.dataProtectionOfficer“: ist noch leer; die Datenschutztexte sagen, ob ihr einen Datenschutzbeauftragten habt\. Zählt, wie viele Personen ständig mit personenbezogenen Daten umgehen: unter 20/,
    ],
    [
      "the accessibility statement without its market surveillance authority",
      withDeployment({ marketSurveillance: "" }),
      READY_ENV,
      /Feld „deployment\.marketSurveillance“: ist noch leer; die Erklärung zur Barrierefreiheit nennt die zuständige Marktüberwachungsstelle \(§ 14 BFSG\)/,
    ],
    [
      "a figure without its survey record, a testimonial without its consent date, the energy tagline unchecked",
      ready,
      READY_ENV,
      /Feld „stats\.usersEvidence\.surveyFrom“: ist noch leer \(Beginn der Befragung\)[\s\S]*Feld „taglineCheckedOn“: ist noch leer; „Natürliche Energie für Männer“[\s\S]*content\/testimonials\.json, Eintrag 1 \(„Markus“\), Feld „consentDate“: ist noch leer/,
    ],
    [
      "a privacy fact still empty",
      withDeployment({ mailProvider: "" }),
      READY_ENV,
      /content\/site\.json, Feld „deployment\.mailProvider“: ist noch leer/,
    ],
    [
      "WEBHOOK_URLS set, no receiver named in site.json",
      ready,
      { ...READY_ENV, ...WEBHOOKS },
      /Umgebungsvariable WEBHOOK_URLS: ist gesetzt, aber content\/site\.json, Feld „deployment\.webhookRecipients“ ist leer/,
    ],
    [
      "a receiver named in site.json, WEBHOOK_URLS empty",
      withDeployment({ webhookRecipients: "Beispiel CRM GmbH, Berlin", webhookRetention: "bis zu deiner Abmeldung" }),
      READY_ENV,
      /Feld „deployment\.webhookRecipients“: nennt „Beispiel CRM GmbH, Berlin“, aber die Umgebungsvariable WEBHOOK_URLS ist leer/,
    ],
    [
      "a receiver without how long it keeps the data",
      withDeployment({ webhookRecipients: "Beispiel CRM GmbH, Berlin" }),
      { ...READY_ENV, ...WEBHOOKS },
      /Feld „deployment\.webhookRetention“: fehlt/,
    ],
    [
      "CONTENT_GIT_REMOTE set, its host not named in site.json",
      ready,
      { ...READY_ENV, ...CONTENT_REMOTE },
      /Umgebungsvariable CONTENT_GIT_REMOTE: ist gesetzt, aber content\/site\.json, Feld „deployment\.contentRepository“ ist leer – die Versionsgeschichte der Texte und Erfahrungsberichte läge dann bei einem Anbieter, den die Datenschutzerklärung nicht nennt\. Trag ihn dort ein/,
    ],
    [
      "the content repository's country outside the EU without its host, and euOnly „ja“ beside it",
      withDeployment({ contentRepositoryCountry: "USA", contentRepositorySafeguard: "EU-US Data Privacy Framework" }),
      READY_ENV,
      /Feld „deployment\.euOnly“: ist „ja“, aber „deployment\.contentRepositoryCountry“ nennt ein Land außerhalb der EU[\s\S]*Feld „deployment\.contentRepositoryCountry“: nennt ein Land, aber „deployment\.contentRepository“ nennt keinen Dienstleister/,
    ],
    [
      "ownerNotification „link“ without OWNER_EMAILS",
      ready,
      { ...READY_ENV, OWNER_EMAILS: "" },
      /Umgebungsvariable OWNER_EMAILS: fehlt, aber content\/site\.json, Feld „ownerNotification“ ist „link“/,
    ],
    [
      "no SMTP_URL",
      ready,
      { ...READY_ENV, SMTP_URL: "" },
      /Umgebungsvariable SMTP_URL: fehlt – ohne Mailserver landen alle E-Mails nur als Dateien/,
    ],
    [
      "httpsEnforced „ja“ without TRUST_PROXY",
      ready,
      { ...READY_ENV, TRUST_PROXY: "" },
      /Umgebungsvariable TRUST_PROXY: fehlt, aber content\/site\.json, Feld „deployment\.httpsEnforced“ ist „ja“/,
    ],
    [
      "a country outside the EU without its safeguard, and euOnly „ja“ beside it",
      withDeployment({ mailCountry: "USA" }),
      READY_ENV,
      /Feld „deployment\.mailSafeguard“: fehlt[\s\S]*Feld „deployment\.euOnly“: ist „ja“, aber „deployment\.mailCountry“ nennt ein Land außerhalb der EU/,
    ],
    [
      "euOnly „nein“ without any country",
      withDeployment({ euOnly: "nein" }),
      READY_ENV,
      /Feld „deployment\.euOnly“: ist „nein“, aber kein Feld „deployment\.…Country“ nennt ein Land/,
    ],
  ];
  for (const [name, settings, env, message] of cases)
    it(`stops with exit code 1 and a German message: ${name}`, () => {
      const { status, stderr } = start(settings, env);
      assert.equal(status, 1, stderr);
      assert.match(stderr, /^Der Server startet nicht für den Betrieb \(SITE_URL ist gesetzt\)/);
      assert.match(stderr, message);
      assert.doesNotMatch(stderr, /\n\s+at /, "no stack trace, only the message");
    });
});

function withDeployment(change: Partial<SiteSettings["deployment"]>): SiteSettings {
  return { ...ready, deployment: { ...FILLED, ...change } };
}
