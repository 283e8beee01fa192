/** `leads show <email>`: everything stored about one person as JSON (DSGVO Art. 15). */
import { UsageError, rejectUnknown, type Command } from "./command";
import { showPerson } from "../services/privacy";

export function emailArgument(args: readonly string[]): string {
  rejectUnknown(args, []);
  const [email, extra] = args;
  if (!email || extra !== undefined) throw new UsageError("Gib bitte genau eine E-Mail-Adresse an.");
  return email;
}

export const showCommand: Command = {
  name: "show",
  usage: "show <email>",
  summary: "alles über eine Person als JSON (Auskunft, Art. 15 DSGVO)",
  async run({ db, args, print }) {
    const data = await showPerson(db, emailArgument(args));
    print(JSON.stringify(data, null, 2));
  },
};
