/**
 * What an editor (EDITOR_EMAILS) may not change, enforced by the server's „Inhalte“ routes: the e-mails to
 * the owners (a rewritten login mail would hand the login link to someone else), and the settings of
 * content/site.json that steer data or mail (who is notified and how, the sender, how long data is kept, the
 * hosting facts, the consent's figures, the site's address in every link). An editor never sees these
 * fields; what an editor saves keeps the values they have in the file.
 */
import path from "node:path";
import { OWNER_MAILS, type MailKind } from "../mail/templates";
import { placeholderNames } from "./placeholders";

export type ContentAccess = "editors" | "owners";

/** Dotted paths in content/site.json that only owners see and change. */
export const OWNER_ONLY_SITE_FIELDS = [
  "siteUrl",
  "email",
  "mailFrom",
  "ownerNotification",
  "replyReminderHours",
  "timeZone",
  "retention",
  "deployment",
  "consent.version",
  "consent.newslettersPerMonth",
] as const;

/** Who may change a content file (relative to content/). */
export function accessOf(file: string): ContentAccess {
  if (!file.startsWith("emails/")) return "editors";
  return OWNER_MAILS.has(path.posix.basename(file, ".md") as MailKind) ? "owners" : "editors";
}

type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === "object" && value !== null && !Array.isArray(value);

/** site.json's data without the owners' fields, as an editor sees it. */
export function withoutOwnerFields(data: unknown): unknown {
  if (!isDict(data)) return data;
  const copy = structuredClone(data);
  for (const dotted of OWNER_ONLY_SITE_FIELDS) {
    const keys = dotted.split(".");
    const parent = keys.slice(0, -1).reduce<unknown>((at, key) => (isDict(at) ? at[key] : undefined), copy);
    if (isDict(parent)) delete parent[keys.at(-1)!];
  }
  return copy;
}

/** An editor's site.json data with the owners' fields as `current` has them (absent ones stay absent). */
export function withOwnerFields(data: unknown, current: unknown): unknown {
  if (!isDict(data)) return data;
  const merged = structuredClone(data);
  for (const dotted of OWNER_ONLY_SITE_FIELDS) {
    const keys = dotted.split(".");
    const value = keys.reduce<unknown>((at, key) => (isDict(at) ? at[key] : undefined), current);
    let parent: Dict = merged;
    for (const key of keys.slice(0, -1)) {
      if (!isDict(parent[key])) parent[key] = {};
      parent = parent[key] as Dict;
    }
    if (value === undefined) delete parent[keys.at(-1)!];
    else parent[keys.at(-1)!] = structuredClone(value);
  }
  return merged;
}

/** A JSON Schema without the owners' fields (site.json's form as an editor gets it). */
export function schemaWithoutOwnerFields(schema: Dict): Dict {
  const copy = structuredClone(schema);
  for (const dotted of OWNER_ONLY_SITE_FIELDS) {
    const keys = dotted.split(".");
    let at: Dict | undefined = copy;
    for (const key of keys.slice(0, -1)) {
      const properties: unknown = at?.properties;
      at = isDict(properties) && isDict(properties[key]) ? (properties[key] as Dict) : undefined;
    }
    const last = keys.at(-1)!;
    if (!at) continue;
    if (isDict(at.properties)) delete at.properties[last];
    if (Array.isArray(at.required)) at.required = (at.required as unknown[]).filter((name) => name !== last);
  }
  return copy;
}

/**
 * The settings the editor's Markdown preview fills a text's placeholders with. An owner gets site.json as
 * it is; an editor gets it without the owners' fields, except those the published text already names (its
 * page or mail shows them anyway), so the preview reads as the page will.
 */
export function previewValuesOf(site: unknown, editor: boolean, published: string): unknown {
  if (!editor || !isDict(site)) return site;
  const shown = withoutOwnerFields(site) as Dict;
  const ownersOnly = (name: string) => OWNER_ONLY_SITE_FIELDS.some((field) => name === field || name.startsWith(`${field}.`));
  for (const name of placeholderNames(published).filter(ownersOnly)) {
    const keys = name.split(".");
    const value = keys.reduce<unknown>((at, key) => (isDict(at) ? at[key] : undefined), site);
    if (value === undefined || isDict(value) || Array.isArray(value)) continue;
    let parent = shown;
    for (const key of keys.slice(0, -1)) {
      if (!isDict(parent[key])) parent[key] = {};
      parent = parent[key] as Dict;
    }
    parent[keys.at(-1)!] = value;
  }
  return shown;
}
