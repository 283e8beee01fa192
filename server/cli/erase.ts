/** `leads erase <email>`: deletes one person from leads, contact requests and the mail outbox (Art. 17). */
import { type Command } from "./command";
import { erasePerson } from "../services/privacy";
import { emailArgument } from "./show";
import { ErasureLedger } from "../services/erasure-ledger";

export const eraseCommand: Command = {
  name: "erase",
  usage: "erase <email>",
  summary: "löscht alles über eine Person (Art. 17 DSGVO)",
  async run({ db, config, args, print }) {
    const erased = await erasePerson(db, emailArgument(args), new ErasureLedger(config.dataDir));
    print(
      `Gelöscht: ${erased.leads} Lead(s), ${erased.contactRequests} Kontaktanfrage(n), ${erased.mails} E-Mail(s) im Postausgang.`,
    );
  },
};
