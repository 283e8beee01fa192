/**
 * A newsletter's text: checked when it is saved, and rendered for each recipient in the site's mail layout
 * (content/emails/_unsubscribe.md and _footer.md below it), as HTML and plain text. The body is Markdown as
 * every mail reads it (common/mail/markdown.ts): whatever else it holds (HTML, <script>) is shown as text, links go
 * only to http(s) and mailto addresses and are not rewritten, and nothing is added that tracks. Below the
 * owner's text every newsletter carries the safety note of content/notices.json, as the plan mails do.
 */
import { siteValues, type MailContext } from "../mail/context";
import { wrapHtml } from "../../common/mail/layout";
import { linkTargetsIn, placeholdersIn, renderHtml, renderText, type Values } from "../../common/mail/markdown";
import { multiLine, oneLine } from "../../common/mail/headers";

/** A newsletter's text as the owner writes it. */
export interface NewsletterText {
  subject: string;
  preheader: string;
  body: string;
}

/** Every newsletter ends with the safety note (content/notices.json): tips on exercise come with it. */
const SAFETY_NOTE = "{{safetyNote}}";

export const NEWSLETTER_LIMITS = { subject: 200, preheader: 200, body: 100_000 } as const;

/** Placeholders a newsletter may use beside those of site.json: the recipient's name. */
export const NEWSLETTER_VALUES = ["name"] as const;

/** A newsletter that cannot be saved or sent; `problems` are German sentences for the owner. */
export class NewsletterInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
    this.name = "NewsletterInputError";
  }
}

const thousands = (n: number) => n.toLocaleString("de-DE");

/** The text cleaned (line endings, control characters); throws NewsletterInputError with every problem. */
export function checkNewsletterText(context: MailContext, input: Partial<Record<keyof NewsletterText, unknown>>): NewsletterText {
  const problems: string[] = [];
  const field = (name: keyof NewsletterText) => (typeof input[name] === "string" ? (input[name] as string) : "");
  const text: NewsletterText = {
    subject: oneLine(field("subject")),
    preheader: oneLine(field("preheader")),
    body: multiLine(field("body")).trim(),
  };
  if (!text.subject) problems.push("Bitte gib einen Betreff ein.");
  if (text.subject.length > NEWSLETTER_LIMITS.subject)
    problems.push(
      `Der Betreff ist ${thousands(text.subject.length)} Zeichen lang; höchstens ${NEWSLETTER_LIMITS.subject} passen.`,
    );
  if (text.preheader.length > NEWSLETTER_LIMITS.preheader)
    problems.push(
      `Die Vorschauzeile ist ${thousands(text.preheader.length)} Zeichen lang; höchstens ${NEWSLETTER_LIMITS.preheader} passen.`,
    );
  if (!text.body) problems.push("Der Text ist leer. Schreib den Newsletter, bevor du ihn speicherst oder sendest.");
  else if (text.body.length > NEWSLETTER_LIMITS.body)
    problems.push(
      `Der Text ist ${thousands(text.body.length)} Zeichen lang; höchstens ${thousands(NEWSLETTER_LIMITS.body)} sind möglich. Kürze ihn – ein Newsletter, der so lang ist, wird nicht gelesen.`,
    );
  else {
    const allowed = new Set<string>([...Object.keys(siteValues(context)), ...NEWSLETTER_VALUES]);
    const unknown = [...new Set([...placeholdersIn(text.subject), ...placeholdersIn(text.body)])].filter(
      (name) => !allowed.has(name),
    );
    // A recipient's name is no part of an address: with a space or an umlaut it breaks the link, and it would
    // carry what a visitor typed into a URL.
    const personalLinks = linkTargetsIn(text.body).filter((target) =>
      placeholdersIn(target).some((name) => (NEWSLETTER_VALUES as readonly string[]).includes(name)),
    );
    if (unknown.length > 0)
      problems.push(
        `Unbekannter Platzhalter ${unknown.map((name) => `{{${name}}}`).join(", ")}. Möglich sind: ${[...allowed].map((name) => `{{${name}}}`).join(", ")}.`,
      );
    else if (personalLinks.length > 0)
      problems.push(
        `Der Link „${personalLinks[0]}“ enthält einen persönlichen Platzhalter wie {{name}}. In einer Linkadresse hat er nichts zu suchen – ein Name mit Leerzeichen macht den Link kaputt. Nimm ihn aus der Adresse heraus; im Linktext oder im übrigen Text darfst du ihn gern verwenden.`,
      );
    else {
      try {
        renderNewsletter(context, text, { name: "Beispiel", unsubscribeUrl: `${context.siteUrl}/abmelden` });
      } catch (error) {
        problems.push(
          (error as Error).message.replace(
            /^E-Mail-Vorlage: Linkziel ist keine http\(s\)- oder mailto-Adresse: (.*)$/,
            "Der Link „$1“ führt nicht auf eine Adresse mit https://, http:// oder mailto:. Bitte korrigiere ihn.",
          ),
        );
      }
    }
  }
  if (problems.length > 0) throw new NewsletterInputError(problems);
  return text;
}

export interface RenderedNewsletter {
  subject: string;
  text: string;
  html: string;
}

/** The newsletter as one recipient gets it; `unsubscribeUrl` is that recipient's own link. */
export function renderNewsletter(
  context: MailContext,
  newsletter: NewsletterText,
  recipient: { name: string; unsubscribeUrl: string },
): RenderedNewsletter {
  const values: Values = { ...siteValues(context), name: oneLine(recipient.name), unsubscribeUrl: recipient.unsubscribeUrl };
  const { templates } = context;
  const footers = [templates._unsubscribe.body, templates._footer.body];
  const subject = oneLine(renderText(newsletter.subject, values));
  const body = `${newsletter.body}\n\n${SAFETY_NOTE}`;
  const text = `${renderText(body, values)}\n\n-- \n${footers.map((part) => renderText(part, values)).join("\n\n")}\n`;
  const html = wrapHtml({
    title: subject,
    brand: context.site.brand,
    preheader: newsletter.preheader,
    body: renderHtml(body, values),
    footer: footers.map((part) => renderHtml(part, values)).join("\n"),
  });
  return { subject, text, html };
}
