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
import { readFrontMatter, type FrontMatter } from "../content/front-matter";
import { problemReport } from "../content/read-content";

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
  "planMailTime",
  /** Days after which contact requests and the owner's mails about them are deleted. */
  "contactRequestDays",
  /** The consent's monthly limit as a word („zwei“): the one number the server keeps it by. */
  "newslettersPerMonth",
  /** The disclaimer and the safety note of content/notices.json, one source for pages and mails. */
  "safetyNote",
] as const;

/** What each daily plan mail knows: the day of content/movement-plan.json, one recipe, one principle. */
const PLAN_VALUES = [
  "name",
  "day",
  "days",
  "activity",
  "duration",
  "benefit",
  "recipeTitle",
  "recipeTime",
  "recipeServings",
  "recipeIngredients",
  "recipeSteps",
  "principleHeading",
  "principleTitle",
  "principleText",
  "recipesUrl",
  "movementUrl",
  "nutritionUrl",
] as const;

/** What each mail knows beyond the site values; a template may use only these. */
export const TEMPLATE_VALUES = {
  "lead-confirmation": ["name", "confirmUrl", "confirmLinkHours", "unconfirmedLeadDays"],
  "lead-welcome": ["name", "recipesUrl", "movementUrl", "nutritionUrl"],
  /** Days 1 to 6 of the plan, with a look at the next day. */
  "lead-plan-day": [...PLAN_VALUES, "nextActivity"],
  /** The last day of the plan, which says what comes after it. */
  "lead-plan-final": PLAN_VALUES,
  "contact-acknowledgment": ["name"],
  "contact-notification": ["name", "email", "requestUrl", "submittedAt"],
  "contact-notification-full": ["name", "email", "message", "requestUrl", "submittedAt"],
  "contact-reply": ["name", "reply", "message", "originalSubject", "submittedAt"],
  "owner-login": ["loginUrl", "minutes"],
  "owner-reminder": ["name", "requestUrl", "reminderHours"],
  /** `changedAt`: when the passkey was added or removed, "27.11.2026 um 03:14 Uhr" (common/german-time.ts). */
  "owner-passkey-added": ["owner", "passkeyName", "changedAt", "securityUrl"],
  "owner-passkey-removed": ["owner", "passkeyName", "changedAt", "securityUrl"],
  "owner-login-warning": ["failures", "auditUrl"],
  "owner-form-mail-brake": ["held", "holdHours", "inboxUrl"],
  /** `counted`: "12 Anfragen und 1 Anmeldung"; `since`: "26.11.2026 um 14:02 Uhr" (services/spam-summary.ts). */
  "owner-spam-summary": ["counted", "since", "inboxUrl"],
  "owner-newsletter-scheduled": ["owner", "subject", "sendAt", "recipients", "newsletterUrl"],
  /** A legal text, an e-mail text or the settings changed in „Inhalte“: by whom (`changedBy`), which file, when. */
  "owner-content-changed": ["changedBy", "fileTitle", "file", "change", "changedAt", "contentUrl"],
  /** An editor proposed a change that needs an owner's approval: to every owner. */
  "owner-content-proposal": ["proposedBy", "fileTitle", "change", "proposedAt", "proposalsUrl"],
  /** An owner approved (`decision`: „freigegeben und veröffentlicht“) or sent back a proposal: to its editor. */
  "owner-proposal-decided": ["fileTitle", "change", "decision", "decidedBy", "note", "fileUrl"],
  /** A planned change ran: to whoever planned it. `result`: „ist live“, „ist zurückgenommen“ or „ist fehlgeschlagen“. */
  "owner-content-planned": ["fileTitle", "change", "result", "outcome", "fileUrl"],
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
  let parsed: FrontMatter;
  try {
    parsed = readFrontMatter(source);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
  const subject = parsed.data.subject;
  return { subject: subject === undefined || subject === null ? "" : String(subject).trim(), body: parsed.content.trim() };
}

/** How a template file is named in messages, as editors see it. */
function shown(name: TemplateName): string {
  return `content/emails/${name}.md`;
}

/** A stand-in for every placeholder, so a template can be rendered once to find broken links. */
function sampleValues(name: TemplateName): Values {
  const names = [...SITE_VALUES, ...TEMPLATE_VALUES[name], "unsubscribeUrl"];
  return Object.fromEntries(names.map((key) => [key, /Url$/.test(key) ? "https://www.beispiel.de/seite" : "Beispiel"]));
}

/**
 * Reads and checks every template: present, subject and text there, only known placeholders, and
 * renderable (link targets are web or mail addresses). Each problem names the file, in German.
 */
export function readTemplates(dir: string): { templates: Partial<Record<TemplateName, Template>>; problems: string[] } {
  const templates: Partial<Record<TemplateName, Template>> = {};
  const problems: string[] = [];
  for (const name of Object.keys(TEMPLATE_VALUES) as TemplateName[]) {
    const file = shown(name);
    let source: string;
    try {
      source = readFileSync(path.join(dir, `${name}.md`), "utf8");
    } catch {
      problems.push(`E-Mail-Vorlage fehlt: ${file}`);
      continue;
    }
    let template: Template;
    try {
      template = parseTemplate(file, source);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const before = problems.length;
    if (!name.startsWith("_") && !template.subject) problems.push(`${file}: subject fehlt oder ist leer`);
    if (!template.body) problems.push(`${file}: Text fehlt`);
    const allowed = new Set<string>([...SITE_VALUES, ...TEMPLATE_VALUES[name]]);
    for (const used of new Set([...placeholdersIn(template.subject), ...placeholdersIn(template.body)])) {
      if (!allowed.has(used)) {
        problems.push(`${file}: unbekannter Platzhalter {{${used}}} (erlaubt: ${[...allowed].join(", ")})`);
      }
    }
    problems.push(...linkProblems(name, file, template));
    if (problems.length === before) {
      try {
        const values = sampleValues(name);
        renderText(template.body, values);
        renderHtml(template.body, values);
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message.replace(/^E-Mail-Vorlage: /, "")}`);
      }
    }
    templates[name] = template;
  }
  return { templates, problems };
}

/** Links that carry a one-time token: whoever gets the address can log in, confirm or unsubscribe. */
const TOKEN_URLS = ["loginUrl", "confirmUrl", "unsubscribeUrl"] as const;
/** Placeholders of addresses the server makes, always on the site's own origin. */
const SERVER_URL = /^\{\{\s*\w+Url\s*\}\}$/;

/**
 * A token link only ever as a whole link target, never inside another address or loose in the text; and the
 * owners' mails link only to this site: the server's own links or `{{siteUrl}}/…`, never a written address.
 */
function linkProblems(name: TemplateName, file: string, template: Template): string[] {
  const problems: string[] = [];
  for (const token of TOKEN_URLS) {
    const anywhere = new RegExp(`\\{\\{\\s*${token}\\s*\\}\\}`, "g");
    const asTarget = new RegExp(`\\]\\(\\s*\\{\\{\\s*${token}\\s*\\}\\}\\s*\\)`, "g");
    const loose = (template.body.match(anywhere) ?? []).length - (template.body.match(asTarget) ?? []).length;
    if (loose > 0 || anywhere.test(template.subject))
      problems.push(
        `${file}: {{${token}}} darf nur als ganzes Linkziel stehen, z. B. [Linktext]({{${token}}}); in einer anderen Adresse, im Text oder im Betreff könnte der Link an Fremde gelangen`,
      );
  }
  if (OWNER_MAILS.has(name as MailKind)) {
    const targets = [...template.body.matchAll(/\]\(([^)]*)\)/g)].map((match) => match[1]!.trim());
    const foreign = targets.filter((target) => !SERVER_URL.test(target) && !/^\{\{\s*siteUrl\s*\}\}(\/|$)/.test(target));
    const written = template.body.replace(/\]\([^)]*\)/g, "]()").match(/\b(?:https?:\/\/|www\.)\S+/gi) ?? [];
    for (const target of [...foreign, ...written])
      problems.push(
        `${file}: „${target}“ geht nicht; E-Mails an die Inhaber verlinken nur diese Website: die Links des Servers wie {{${TEMPLATE_VALUES[name].find((value) => value.endsWith("Url")) ?? "siteUrl"}}} oder {{siteUrl}}/…`,
      );
  }
  return problems;
}

/** Every problem in content/emails/ (for the content check); empty when all mails can be composed. */
export function emailTemplateProblems(contentDir: string): string[] {
  return readTemplates(path.join(contentDir, "emails")).problems;
}

/** The templates for the server; any problem stops the start with the same messages as the content check. */
export function loadTemplates(dir: string): Templates {
  const { templates, problems } = readTemplates(dir);
  if (problems.length > 0) throw new Error(problemReport(problems, "Fehler in den E-Mail-Vorlagen"));
  return templates as Templates;
}

/** Values that may span several lines; every other value (names, addresses) is forced onto one line. */
const MULTILINE_VALUES = new Set(["message", "reply", "recipeSteps"]);

/** Values may hold anything a visitor typed: line endings are unified, other control characters dropped. */
function cleanValues(values: Values): Values {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, MULTILINE_VALUES.has(key) ? multiLine(value) : oneLine(value)]),
  );
}

/**
 * Mails to the owners, which get no footer with the company's address. Their texts are the owners' alone
 * (common/content/editor-access.ts): an editor who could rewrite them could redirect a login link.
 */
export const OWNER_MAILS: ReadonlySet<MailKind> = new Set<MailKind>([
  "contact-notification",
  "contact-notification-full",
  "owner-login",
  "owner-reminder",
  "owner-passkey-added",
  "owner-passkey-removed",
  "owner-login-warning",
  "owner-form-mail-brake",
  "owner-spam-summary",
  "owner-newsletter-scheduled",
  "owner-content-changed",
  "owner-content-proposal",
  "owner-proposal-decided",
  "owner-content-planned",
]);

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
