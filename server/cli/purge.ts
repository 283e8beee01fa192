/** `leads purge`: deletes what is past the periods of content/site.json `retention` (also run by the server). */
import path from "node:path";
import { readSiteSettings } from "../../common/content/read-content";
import { rejectUnknown, type Command } from "./command";
import { purgeExpired } from "../services/privacy";

export const purgeCommand: Command = {
  name: "purge",
  usage: "purge",
  summary: "löscht, was die Fristen in content/site.json überschritten hat",
  async run({ db, args, print, cwd }) {
    rejectUnknown(args, []);
    const { retention } = readSiteSettings(path.join(cwd, "content"));
    const deleted = await purgeExpired(db, retention);
    print(
      `Gelöscht: ${deleted.unconfirmedLeads} unbestätigte(r) Lead(s) älter als ${retention.unconfirmedLeadDays} Tage, ` +
        `${deleted.contactRequests} Kontaktanfrage(n) älter als ${retention.contactRequestDays} Tage, ` +
        `${deleted.mails} E-Mail-Eintrag/Einträge älter als ${retention.sentMailDays} Tage; ` +
        `${deleted.consentProofs} Einwilligungsnachweis(e) ${retention.consentProofYears} Jahre nach der Abmeldung ` +
        `gelöscht (die Adressen bleiben auf der Sperrliste).`,
    );
    print(`Besuchsstatistik: ${deleted.visitStatsRows} Tageszeile(n) älter als ${retention.visitStatsDays} Tage gelöscht.`);
  },
};
