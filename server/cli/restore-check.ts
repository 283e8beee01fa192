/**
 * `leads restore-check`: after restoring a backup, enters again every unsubscribe and erasure that came in
 * since (the list outside the database, services/erasure-ledger.ts), says what it did and writes it into the
 * audit log. The server does the same at every start, before it sends mail; this shows it by hand.
 */
import { rejectUnknown, type Command } from "./command";
import { ErasureLedger, replaySummary } from "../services/erasure-ledger";
import { replayAfterRestore } from "../services/restore-replay";

export const restoreCheckCommand: Command = {
  name: "restore-check",
  usage: "restore-check",
  summary: "trägt nach einer Wiederherstellung Abmeldungen und Löschungen erneut ein",
  async run({ db, config, args, print }) {
    rejectUnknown(args, []);
    const ledger = new ErasureLedger(config.dataDir);
    const entries = ledger.entries().length;
    const result = await replayAfterRestore(db, ledger);
    print(`Abmelde- und Löschliste: ${entries} ${entries === 1 ? "Eintrag" : "Einträge"} (${ledger.file}).`);
    print(
      result.erased + result.unsubscribed === 0
        ? "Nichts erneut einzutragen: Die Datenbank kennt alle Abmeldungen und Löschungen."
        : `Erneut eingetragen: ${replaySummary(result)}. Im Protokoll der Verwaltung vermerkt.`,
    );
  },
};
