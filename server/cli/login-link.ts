/**
 * `login-link <email>`: prints a one-time login link for the owner area, for a server without SMTP or
 * the very first login. Only for an address in OWNER_EMAILS; valid 10 minutes, used once.
 */
import path from "node:path";
import { loadMailContext } from "../mail/context";
import { createLoginLink, isOwner, LOGIN_LINK_MINUTES } from "../services/owner-login";
import { UsageError, type Command } from "./command";
import { emailArgument } from "./show";

export const loginLinkCommand: Command = {
  name: "login-link",
  usage: "login-link <email>",
  summary: "druckt einen Anmeldelink für die Verwaltung (nur für Adressen aus OWNER_EMAILS)",
  async run({ db, config, args, print, cwd }) {
    const email = emailArgument(args).toLowerCase();
    if (!isOwner(config.ownerEmails, email)) {
      throw new UsageError(
        config.ownerEmails.length === 0
          ? "Die Verwaltung ist aus: setze OWNER_EMAILS (auch für diesen Befehl)."
          : `${email} steht nicht in OWNER_EMAILS.`,
      );
    }
    const context = loadMailContext(path.join(cwd, "content"), config.siteUrl);
    const url = await db.transaction((tx) => createLoginLink(tx, context, email));
    print(`Anmeldelink für ${email} (gilt ${LOGIN_LINK_MINUTES} Minuten, nur einmal):`);
    print(url);
  },
};
