/**
 * `newsletter send FILE.md --subject "…" [--preheader "…"] [--at "JJJJ-MM-TT HH:MM"]` and `newsletter list`:
 * the owner area's newsletter for operators, with the same rules. A refusal (the consent's monthly limit,
 * an empty or too long text) exits with 1 and the German message; the running server sends it.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { loadMailContext } from "../mail/context";
import { parseLocalDateTime } from "../newsletters/month";
import { createNewsletter, listNewsletters, scheduleNewsletter } from "../newsletters/newsletters";
import { skippedAtLimit } from "../newsletters/sending";
import { NEWSLETTER_LIMITS } from "../newsletters/render";
import { germanDateTime, printable, table } from "./format";
import { option, rejectUnknown, UsageError, type CliContext, type Command } from "./command";

async function send({ db, config, args, print, cwd }: CliContext): Promise<void> {
  rejectUnknown(args, ["--subject", "--preheader", "--at"]);
  const file = args[0];
  if (!file || file.startsWith("--")) throw new UsageError("Bitte die Markdown-Datei mit dem Text angeben.");
  const subject = option(args, "--subject");
  if (subject === undefined) throw new UsageError("Bitte den Betreff mit --subject „…“ angeben.");
  const context = loadMailContext(path.join(cwd, "content"), config.siteUrl);
  const at = option(args, "--at");
  let sendAt: Date | undefined;
  try {
    sendAt = at === undefined ? undefined : parseLocalDateTime(at, context.site.timeZone);
  } catch (error) {
    throw new UsageError(`--at: ${(error as Error).message}`);
  }
  const source = path.resolve(cwd, file);
  const size = await stat(source).then(
    (info) => info.size,
    () => {
      throw new UsageError(`Die Datei ${file} gibt es nicht.`);
    },
  );
  // Read no more than a text may hold (in bytes, up to four per character): a huge file is refused by its size.
  const body = size > NEWSLETTER_LIMITS.body * 4 ? "x".repeat(NEWSLETTER_LIMITS.body + 1) : await readFile(source, "utf8");
  const id = await createNewsletter(
    db,
    context,
    { subject, preheader: option(args, "--preheader") ?? "", body },
    "Kommandozeile",
  );
  const when = await scheduleNewsletter(db, context, id, sendAt).catch(async (error: unknown) => {
    await db.query("DELETE FROM newsletters WHERE id = $1 AND status = 'draft'", [id]);
    throw error;
  });
  print(
    sendAt
      ? `Newsletter ${id} „${subject}“ ist geplant für ${germanDateTime(when)} (Europe/Berlin).`
      : `Newsletter ${id} „${subject}“ wird jetzt gesendet (der laufende Server verschickt ihn mit MAIL_RATE).`,
  );
}

async function list({ db, print, args }: CliContext): Promise<void> {
  rejectUnknown(args, []);
  const newsletters = await listNewsletters(db);
  const skipped = await skippedAtLimit(db);
  print(`Newsletter (${newsletters.length})`);
  if (newsletters.length === 0) return;
  print(
    table(
      [
        "Nr.",
        "Status",
        "Versand",
        "Betreff",
        "Empfänger",
        "gesendet",
        "wartend",
        "fehlgeschlagen",
        "unzustellbar",
        "abgemeldet",
        "am Limit ausgelassen",
      ],
      newsletters.map((n) => [
        String(n.id),
        n.statusLabel,
        germanDateTime(n.sendAt),
        printable(n.subject).slice(0, 50),
        String(n.figures.recipients),
        String(n.figures.sent),
        String(n.figures.waiting),
        String(n.figures.failed),
        String(n.figures.undeliverable),
        String(n.figures.unsubscribed),
        String(skipped.get(n.id) ?? 0),
      ]),
    ),
  );
}

export const newsletterCommand: Command = {
  name: "newsletter",
  usage: 'newsletter send DATEI.md --subject "…" [--at "JJJJ-MM-TT HH:MM"] | list',
  summary: "Newsletter senden oder planen (höchstens so viele im Monat, wie die Einwilligung sagt) und auflisten",
  async run(context) {
    const [action, ...rest] = context.args;
    if (action === "send") return send({ ...context, args: rest });
    if (action === "list") return list({ ...context, args: rest });
    throw new UsageError("newsletter braucht send oder list.");
  },
};
