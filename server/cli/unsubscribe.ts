/**
 * `leads unsubscribe <email> [--notiz "…"]`: for a withdrawal that came by message (the consent text offers
 * „mit einer Nachricht an …“), exactly what the unsubscribe link does: the sign-up is unsubscribed, its
 * proof of consent stays, the mails still queued for it are cancelled, the ledger replays it after a
 * restore, a webhook receiver hears of it. Written into the audit log of the owner area.
 */
import { option, UsageError, type Command } from "./command";
import { emailArgument } from "./show";
import { ErasureLedger } from "../services/erasure-ledger";
import { unsubscribeAddress } from "../services/lead-unsubscribe";
import { audit, auditNote, maskEmail } from "../services/audit-log";
import { UNSUBSCRIBE_NOTE_MAX } from "../../common/owner/limits";
import { printable } from "./format";

/** Who the audit log names for what was done on the command line. */
export const CLI_ACTOR = "Kommandozeile";

export const unsubscribeCommand: Command = {
  name: "unsubscribe",
  usage: 'unsubscribe <email> [--notiz "…"]',
  summary: "meldet eine Person von unseren E-Mails ab (Widerruf per Nachricht); der Nachweis bleibt",
  async run({ db, config, args, print }) {
    const note = option(args, "--notiz");
    if (note !== undefined && note.length > UNSUBSCRIBE_NOTE_MAX)
      throw new UsageError(`Die Notiz ist zu lang (höchstens ${UNSUBSCRIBE_NOTE_MAX} Zeichen).`);
    const rest = args.filter((arg, index) => arg !== "--notiz" && args[index - 1] !== "--notiz");
    const email = emailArgument(rest).trim();
    const shown = printable(email);
    const result = await unsubscribeAddress(db, email, new ErasureLedger(config.dataDir));
    if (result.outcome === "none") {
      print(`Zu ${shown} gibt es keine Anmeldung für unsere E-Mails. Nichts geändert.`);
      return;
    }
    if (result.outcome === "already") {
      print(`${shown} ist schon abgemeldet. Nichts geändert.`);
      return;
    }
    const cleanNote = auditNote(note);
    const was = result.was === "confirmed" ? "war bestätigt" : "war unbestätigt";
    await audit(db, CLI_ACTOR, "unsubscribe", `${maskEmail(email)} (${was})${cleanNote ? `: ${cleanNote}` : ""}`);
    print(`Abgemeldet: ${shown} (${was}). Noch geplante E-Mails an die Adresse sind abgesagt.`);
    print("Der Nachweis der Einwilligung bleibt gespeichert; die Abmeldung steht im Protokoll der Verwaltung.");
  },
};
