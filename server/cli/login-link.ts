/**
 * `login-link <email>`: prints a one-time login link for the owner area, for a server without SMTP or
 * the very first login. Only for an address in OWNER_EMAILS or EDITOR_EMAILS; valid 10 minutes, used once.
 */
import path from "node:path";
import { loadMailContext } from "../mail/context";
import { createLoginLink, LOGIN_LINK_MINUTES, mayLogIn } from "../services/owner-login";
import { areaEmails } from "../services/owner-roles";
import { UsageError, type Command } from "./command";
import { emailArgument } from "./show";

export const loginLinkCommand: Command = {
  name: "login-link",
  usage: "login-link <email>",
  summary: "druckt einen Anmeldelink für die Verwaltung (nur für Adressen aus OWNER_EMAILS oder EDITOR_EMAILS)",
  async run({ db, config, args, print, cwd }) {
    const email = emailArgument(args).toLowerCase();
    const allowed = areaEmails(config);
    if (!mayLogIn(allowed, email)) {
      throw new UsageError(
        allowed.length === 0
          ? "Die Verwaltung ist aus: setze OWNER_EMAILS oder EDITOR_EMAILS (auch für diesen Befehl)."
          : `${email} steht weder in OWNER_EMAILS noch in EDITOR_EMAILS.`,
      );
    }
    const context = loadMailContext(path.join(cwd, "content"), config.siteUrl);
    const url = await db.transaction((tx) => createLoginLink(tx, context, email));
    print(`Anmeldelink für ${email} (gilt ${LOGIN_LINK_MINUTES} Minuten, nur einmal):`);
    print(url);
  },
};
