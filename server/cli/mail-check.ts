/**
 * `mail-check <email>`: sends one mail of every kind the site sends (sign-up, plan, newsletter, contact,
 * owner mails) to a test address, the same way the outbox sends them (SMTP_URL, or `.eml` files under
 * DATA_DIR/outbox/mail-check/ without it), and prints per mail every image and link that is not the site's
 * own origin or a mailto: to one of our addresses. The privacy texts say no open or click is measured: a
 * relay with tracking on adds a pixel and rewrites the links, which this shows.
 *
 * `mail-check --eml FILE …`: checks mails as they arrived, saved from the test mailbox („Quelltext anzeigen“,
 * „Speichern unter … .eml“): the way to check what the real relay delivered.
 */
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { UsageError, type Command } from "./command";
import { emailArgument } from "./show";
import { composeMail, type StoredMessage } from "../mail/outbox";
import { link, loadMailContext, tokenLink, type MailContext } from "../mail/context";
import { createMailTransport, type MailTransport } from "../mail/transport";
import { decodeHeader, foreignReferences, parseRawMail, type OwnAddresses, type Reference } from "../mail/tracking-check";
import { composeNewsletterMail } from "../newsletters/sending";
import { checkNewsletterText } from "../newsletters/render";
import { API_PATHS, ROUTES } from "../../common/routes";
import { TEMPLATE_VALUES, type MailKind } from "../../common/mail/templates";
import { isDeliverableAddress } from "../../common/mail/headers";

/** Every kind of mail: the templates' (without the shared parts) and the newsletter. */
export const CHECKED_KINDS: readonly string[] = [
  ...(Object.keys(TEMPLATE_VALUES).filter((name) => !name.startsWith("_")) as MailKind[]),
  "newsletter",
];

/** A value for each placeholder: links to the site's own pages, the test address, plain words. */
function sampleValues(context: MailContext, kind: MailKind, address: string): Record<string, string> {
  const names = TEMPLATE_VALUES[kind] as readonly string[];
  return Object.fromEntries(
    names.map((name) => {
      if (name.endsWith("Url")) return [name, link(context, ROUTES.home.path)];
      if (name === "email") return [name, address];
      if (name === "name") return [name, "Max"];
      if (/Hours|Days|minutes|duration|day$|days$|failures|held|recipients/.test(name)) return [name, "3"];
      return [name, "Beispiel für die Prüfung des Versands"];
    }),
  );
}

/** One mail of each kind to `address`, as the outbox composes them. */
export function testMails(context: MailContext, address: string): { kind: string; message: StoredMessage }[] {
  const to = { name: "Max", address };
  const unsubscribeToken = `pruefung-${randomUUID()}`;
  const mails: { kind: string; message: StoredMessage }[] = (
    Object.keys(TEMPLATE_VALUES).filter((name) => !name.startsWith("_")) as MailKind[]
  ).map((kind) => {
    const lead = kind.startsWith("lead-") && kind !== "lead-confirmation";
    const message = composeMail(context, {
      kind,
      to,
      personEmail: address,
      values: sampleValues(context, kind, address),
      ...(lead ? { unsubscribeToken } : {}),
    });
    return { kind, message };
  });
  const newsletter = checkNewsletterText(context, {
    subject: "Prüfung des Versands",
    preheader: "Diese E-Mail prüft, ob unser Versanddienst Links und Bilder unverändert lässt.",
    body: `Hallo {{name}},\n\ndiese E-Mail prüft den Versand.\n\n[Zu den Rezepten](${link(context, ROUTES.recipes.path)})`,
  });
  const domain = context.site.mailFrom.address.split("@")[1];
  mails.push({
    kind: "newsletter",
    message: composeNewsletterMail(
      context,
      newsletter,
      { newsletter: 0, to, token: unsubscribeToken, messageId: `<${randomUUID()}@${domain}>` },
      tokenLink(context, API_PATHS.unsubscribe, unsubscribeToken),
    ),
  });
  for (const mail of mails) mail.message.subject = `Prüfung (${mail.kind}): ${mail.message.subject}`;
  return mails;
}

export function ownAddresses(context: MailContext, recipient?: string): OwnAddresses {
  const addresses = [context.site.email, context.site.mailFrom.address, ...(recipient ? [recipient] : [])];
  return { siteUrl: context.siteUrl, mailAddresses: [...new Set(addresses.map((address) => address.toLowerCase()))] };
}

export interface MailCheckResult {
  kind: string;
  /** The `.eml` file, when the mail was written (no SMTP_URL) or read from one. */
  file?: string;
  foreign: Reference[];
}

function report(result: MailCheckResult, print: (line: string) => void): void {
  const name = result.file ? `${result.kind} (${result.file})` : result.kind;
  if (result.foreign.length === 0) {
    print(`  ✓ ${name}: nur eigene Bilder und Links`);
    return;
  }
  print(`  ✗ ${name}: ${result.foreign.length} fremde ${result.foreign.length === 1 ? "Angabe" : "Angaben"}`);
  for (const reference of result.foreign) print(`      ${reference.kind}: ${reference.url}`);
}

/**
 * Sends the test mails through `transport` and checks each as it left: for the `.eml` transport the file it
 * wrote, read back; over SMTP the mail as handed to the relay (what the relay does with it shows only in the
 * test mailbox: `--eml`).
 */
export async function sendTestMails(context: MailContext, transport: MailTransport, address: string): Promise<MailCheckResult[]> {
  const own = ownAddresses(context, address);
  const results: MailCheckResult[] = [];
  let id = 0;
  for (const { kind, message } of testMails(context, address)) {
    const { file } = await transport.send(message, ++id, kind);
    const raw = file
      ? await readFile(file, "utf8")
      : `Content-Type: multipart/alternative; boundary="b"\n\n--b\nContent-Type: text/plain\n\n${message.text}\n--b\nContent-Type: text/html\n\n${message.html}\n--b--\n`;
    results.push({ kind, ...(file ? { file } : {}), foreign: foreignReferences(raw, own) });
  }
  return results;
}

/** Checks saved mails; the kind is read from the subject „Prüfung (kind): …“ where there is one. */
export async function checkSavedMails(context: MailContext, files: readonly string[]): Promise<MailCheckResult[]> {
  const results: MailCheckResult[] = [];
  for (const file of files) {
    let raw: string;
    try {
      raw = await readFile(file, "utf8");
    } catch {
      throw new UsageError(`Die Datei ${file} lässt sich nicht lesen; gib den Pfad einer gespeicherten E-Mail (.eml) an.`);
    }
    const { headers } = parseRawMail(raw);
    const to = /([^\s<>",]+@[^\s<>",]+)/.exec(headers.get("to") ?? "")?.[1];
    const kind = /Prüfung \(([a-z-]+)\)/.exec(decodeHeader(headers.get("subject") ?? ""))?.[1] ?? "E-Mail";
    results.push({ kind, file, foreign: foreignReferences(raw, ownAddresses(context, to)) });
  }
  return results;
}

function summarise(results: MailCheckResult[], print: (line: string) => void): void {
  results.forEach((result) => report(result, print));
  const bad = results.filter((result) => result.foreign.length > 0);
  if (bad.length > 0)
    throw new Error(
      `${bad.length} von ${results.length} E-Mails enthalten Bilder oder Links, die nicht von der Website stammen. ` +
        "Ist beim Versanddienst die Öffnungs- oder Klickzählung an, schalte sie ab und prüf erneut; " +
        "erst dann darf „deployment.mailTrackingOffOn“ in content/site.json eingetragen werden.",
    );
  print(`Alle ${results.length} E-Mails enthalten nur Bilder und Links der Website und mailto: an unsere Adressen.`);
}

export const mailCheckCommand: Command = {
  name: "mail-check",
  usage: "mail-check <email> | --eml <datei> …",
  summary:
    "schickt eine E-Mail jeder Art an eine Testadresse und zeigt fremde Bilder und Links (Zählpixel, umgeschriebene Links)",
  async run({ config, args, print, cwd }) {
    const context = loadMailContext(path.join(cwd, "content"), config.siteUrl);
    if (args[0] === "--eml") {
      const files = args.slice(1);
      if (files.length === 0) throw new UsageError("--eml braucht mindestens eine gespeicherte E-Mail (.eml)");
      const results = await checkSavedMails(
        context,
        files.map((file) => path.resolve(cwd, file)),
      );
      print(
        `Geprüft gegen ${context.siteUrl} und mailto: an ${ownAddresses(context).mailAddresses.join(", ")} oder den Empfänger:`,
      );
      summarise(results, print);
      return;
    }
    const address = emailArgument(args).toLowerCase();
    if (!isDeliverableAddress(address))
      throw new UsageError(
        `„${address}“ ist keine E-Mail-Adresse, an die wir schicken können; gib die Adresse deines Testpostfachs an.`,
      );
    const outboxDir = path.join(config.dataDir, "outbox", "mail-check");
    const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, outboxDir });
    try {
      print(
        config.mail.smtpUrl
          ? `${CHECKED_KINDS.length} E-Mails an ${address} über ${transport.description}:`
          : `${CHECKED_KINDS.length} E-Mails an ${address}, als Dateien in ${outboxDir} (SMTP_URL ist nicht gesetzt):`,
      );
      const results = await sendTestMails(context, transport, address);
      if (config.mail.smtpUrl)
        print(
          "So haben sie unseren Server verlassen. Was der Versanddienst daraus macht, zeigt erst das Postfach: " +
            "speichere jede angekommene E-Mail als .eml („Quelltext anzeigen“ oder „Speichern unter“) und prüf sie mit " +
            "npm run leads -- mail-check --eml DATEI …",
        );
      summarise(results, print);
    } finally {
      transport.close();
    }
  },
};
