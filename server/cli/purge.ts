/** `leads purge`: deletes what is past the periods of content/site.json `retention` (also run by the server). */
import path from "node:path";
import { readSiteSettings } from "../../common/content/read-content";
import { rejectUnknown, type Command } from "./command";
import { purgeExpired } from "../services/privacy";
import { ErasureLedger } from "../services/erasure-ledger";
import { SPAM_KEPT_DAYS } from "../../common/constants";

export const purgeCommand: Command = {
  name: "purge",
  usage: "purge",
  summary: "löscht, was die Fristen in content/site.json überschritten hat",
  async run({ db, config, args, print, cwd }) {
    rejectUnknown(args, []);
    const { retention, deployment } = readSiteSettings(path.join(cwd, "content"));
    const deleted = await purgeExpired(db, retention, {
      ledger: new ErasureLedger(config.dataDir),
      backupDays: deployment.backupDays,
    });
    print(
      `Gelöscht: ${deleted.unconfirmedLeads} unbestätigte(r) Lead(s) älter als ${retention.unconfirmedLeadDays} Tage, ` +
        `${deleted.contactRequests} Kontaktanfrage(n) älter als ${retention.contactRequestDays} Tage, ` +
        `${deleted.mails} E-Mail-Eintrag/Einträge älter als ${retention.sentMailDays} Tage; ` +
        `${deleted.consentProofs} Einwilligungsnachweis(e) ${retention.consentProofYears} Jahre nach der Abmeldung ` +
        `gelöscht (die Adressen bleiben auf der Sperrliste).`,
    );
    print(`Als Spam markiert und älter als ${SPAM_KEPT_DAYS} Tage: ${deleted.spam} Anfrage(n) und Anmeldung(en) gelöscht.`);
    print(`Besuchsstatistik: ${deleted.visitStatsRows} Tageszeile(n) älter als ${retention.visitStatsDays} Tage gelöscht.`);
    print(
      `Unzustellbar seit ${retention.undeliverableDays} Tagen, jetzt abgemeldet: ${deleted.undeliverableUnsubscribed}; ` +
        `Besuchsquelle bei ${deleted.leadSources} Anmeldung(en) gelöscht (${retention.leadSourceDays} Tage nach der Bestätigung); ` +
        `${deleted.ledgerEntries} Eintrag/Einträge der Abmelde- und Löschliste älter als die Sicherungen gelöscht.`,
    );
  },
};
