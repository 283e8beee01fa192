/**
 * E-mail texts live in `content/emails/*.md` so editors change them without code: front matter with the
 * `subject`, then the body in the Markdown subset of `markdown.ts` with `{{placeholders}}`. They are read
 * and checked once at start, so a missing file or a mistyped placeholder stops the server, not a mail.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { placeholdersIn, renderHtml, renderText, type Values } from "./markdown";
import { wrapHtml } from "./layout";
import { multiLine, oneLine } from "./headers";

/** Filled in for every mail from `content/site.json`. */
export const SITE_VALUES = [
  "brand",
  "company",
  "siteUrl",
  "ownerEmail",
  "phone",
  "street",
  "postalCode",
  "city",
  "replyWithinHours",
] as const;

/** What each mail knows beyond the site values; a template may use only these. */
export const TEMPLATE_VALUES = {
  "lead-confirmation": ["name", "confirmUrl", "confirmLinkHours", "unconfirmedLeadDays"],
  "lead-welcome": ["name", "recipesUrl", "movementUrl", "nutritionUrl"],
  "contact-acknowledgment": ["name"],
  "contact-notification": ["name", "email", "requestUrl", "submittedAt"],
  "contact-notification-full": ["name", "email", "message", "requestUrl", "submittedAt"],
  "contact-reply": ["name", "reply", "message", "originalSubject", "submittedAt"],
  "owner-login": ["loginUrl", "minutes"],
  "owner-reminder": ["name", "requestUrl", "reminderHours"],
  _footer: [],
  _unsubscribe: ["unsubscribeUrl"],
} as const;

export type TemplateName = keyof typeof TEMPLATE_VALUES;
export type MailKind = Exclude<TemplateName, `_${string}`>;

export interface Template {
  subject: string;
  body: string;
}

export type Templates = Readonly<Record<TemplateName, Template>>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Front matter is optional for the shared parts (`_footer.md`), which have no subject. */
function parseTemplate(file: string, source: string): Template {
  if (!source.startsWith("---")) return { subject: "", body: source.trim() };
  const match = /^---\r?\n(?:([\s\S]*?)\r?\n)?---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: Kopfbereich (--- subject: … ---) ist nicht abgeschlossen`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? "").split(/\r?\n/)) {
    if (!line.trim()) continue;
    const field = /^([A-Za-z]+):\s*(.*)$/.exec(line);
    if (!field) throw new Error(`${file}: Zeile im Kopfbereich nicht lesbar: ${line}`);
    fields.set(field[1], field[2].replace(/^"(.*)"$/, "$1").trim());
  }
  const subject = fields.get("subject") ?? "";
  return { subject, body: match[2].trim() };
}

export function loadTemplates(dir: string): Templates {
  const templates = {} as Record<TemplateName, Template>;
  for (const name of Object.keys(TEMPLATE_VALUES) as TemplateName[]) {
    const file = path.join(dir, `${name}.md`);
    let source: string;
    try {
      source = readFileSync(file, "utf8");
    } catch {
      throw new Error(`E-Mail-Vorlage fehlt: ${file}`);
    }
    const template = parseTemplate(file, source);
    if (!name.startsWith("_") && !template.subject) throw new Error(`${file}: subject fehlt oder ist leer`);
    if (!template.body) throw new Error(`${file}: Text fehlt`);
    const allowed = new Set<string>([...SITE_VALUES, ...TEMPLATE_VALUES[name]]);
    for (const used of [...placeholdersIn(template.subject), ...placeholdersIn(template.body)]) {
      if (!allowed.has(used)) {
        throw new Error(`${file}: unbekannter Platzhalter {{${used}}} (erlaubt: ${[...allowed].join(", ")})`);
      }
    }
    templates[name] = template;
  }
  return templates;
}

/** Values that may span several lines; every other value (names, addresses) is forced onto one line. */
const MULTILINE_VALUES = new Set(["message", "reply"]);

/** Values may hold anything a visitor typed: line endings are unified, other control characters dropped. */
function cleanValues(values: Values): Values {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, MULTILINE_VALUES.has(key) ? multiLine(value) : oneLine(value)]),
  );
}

/** Mails to the owners, which get no footer with the company's address. */
const OWNER_MAILS = new Set<MailKind>(["contact-notification", "contact-notification-full", "owner-login", "owner-reminder"]);

export function renderMail(
  templates: Templates,
  kind: MailKind,
  rawValues: Values,
  options: { unsubscribeUrl?: string; brand: string },
): RenderedMail {
  const values = cleanValues({ ...rawValues, unsubscribeUrl: options.unsubscribeUrl ?? "" });
  const template = templates[kind];
  const parts = [template.body];
  if (options.unsubscribeUrl) parts.push(templates._unsubscribe.body);
  const toVisitor = !OWNER_MAILS.has(kind);
  if (toVisitor) parts.push(templates._footer.body);

  const subject = oneLine(renderText(template.subject, values));
  const [main, ...footers] = parts;
  const footerText = footers.map((part) => renderText(part, values)).join("\n\n");
  const text = footerText ? `${renderText(main, values)}\n\n-- \n${footerText}` : renderText(main, values);
  const html = wrapHtml({
    title: subject,
    brand: options.brand,
    body: renderHtml(main, values),
    footer: footers.map((part) => renderHtml(part, values)).join("\n"),
  });
  return { subject, text: `${text}\n`, html };
}
