/**
 * Legal texts and e-mails say `{{retention.unconfirmedLeadDays}}` or `{{email}}` instead of repeating a
 * value from content/site.json, so each fact has one source. A sentence that depends on a setting sits in
 * `{{#if ownerNotification=full}}…{{else}}…{{/if}}` (equals) or `{{#if deployment.cdn}}…{{/if}}` (not empty).
 * `{{wort:consent.newslettersPerMonth}}` writes a number from one to twelve as a German word („zwei“), as
 * running text has it; a larger number stays in digits.
 *
 * An empty value is a fact still to be filled in (the deployment details): it shows as a visible
 * "[in content/site.json eintragen: …]" note, and the content check refuses it in a production build.
 *
 * A few figures are the code's, not site.json's, and the texts state them as well: they are filled in from
 * FIXED_VALUES whatever the values given, e.g. `{{visitStats.keptAfterDays}}`.
 */
import { FORM_MAIL_BOUND_HOURS, FORM_MAIL_BRAKE_HOLD_HOURS, PURGE_INTERVAL_HOURS, SPAM_KEPT_DAYS } from "../constants";
import { VISIT_SOURCE_MAX_LENGTH } from "../visit-source";
import { KEPT_AFTER_DAYS } from "../visit-stats";

/** Figures fixed in common/ that the legal texts quote by placeholder, so a text cannot say another number. */
export const FIXED_VALUES = {
  /** Days after confirming after which the owner's statistics count who is still subscribed (common/visit-stats.ts). */
  visitStats: {
    keptAfterDays: KEPT_AFTER_DAYS,
    /** Longest utm_source or utm_campaign kept, in characters (common/visit-source.ts). */
    labelMaxLength: VISIT_SOURCE_MAX_LENGTH,
  },
  /** Hours within which an address gets one acknowledgment and one confirmation request, and its hash is kept. */
  formMails: { boundHours: FORM_MAIL_BOUND_HOURS, brakeHoldHours: FORM_MAIL_BRAKE_HOLD_HOURS },
  /** Hours between two runs of the retention purge: how long past its period something may still exist. */
  purge: { intervalHours: PURGE_INTERVAL_HOURS },
  /** Days a post marked as spam is kept at most. */
  spam: { keptDays: SPAM_KEPT_DAYS },
} as const;
const PLACEHOLDER = /\{\{\s*(?:wort:)?([\w.]+)\s*\}\}/g;
const CONDITION = /\{\{#if\s+([\w.]+)\s*(?:=\s*([^}\s]+)\s*)?\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g;

function lookupIn(values: unknown, dotted: string): unknown {
  return dotted
    .split(".")
    .reduce<unknown>(
      (current, key) =>
        current && typeof current === "object" && Object.hasOwn(current, key)
          ? (current as Record<string, unknown>)[key]
          : undefined,
      values,
    );
}

/** A fixed figure (FIXED_VALUES) first, so site.json cannot say otherwise; then the values given. */
function lookup(values: unknown, dotted: string): unknown {
  return lookupIn(FIXED_VALUES, dotted) ?? lookupIn(values, dotted);
}

const NUMBER_WORDS = ["null", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"];

/** 2 → „zwei“: numbers up to twelve as running text writes them (1 → „eine“, as in „eine E-Mail“). */
export function numberWord(value: number): string {
  return Number.isInteger(value) && value >= 0 && value < NUMBER_WORDS.length ? NUMBER_WORDS[value]! : String(value);
}

const isValue = (value: unknown): value is string | number => typeof value === "string" || typeof value === "number";

/** The note shown where a value of content/site.json is still empty. */
export const toFill = (name: string): string => `[in content/site.json eintragen: ${name}]`;

/** Every `{{#…}}`, `{{else…}}` and `{{/…}}` of a text, in order. */
const BLOCK_TAG = /\{\{\s*([#/]|else\b)([^}]*)\}\}/g;
/** What `{{#if …}}` may say: a setting, and with „=“ the value it must have. */
const IF_HEAD = /^if\s+[\w.]+\s*(?:=\s*[^}\s]+\s*)?$/;

/**
 * Conditions that fillPlaceholders cannot read, each with the number of its line in `text` (from 1): an
 * `{{#if …}}` never closed, a `{{/if}}` or `{{else}}` without its `{{#if …}}`, a second `{{else}}`, a condition
 * inside another (not supported), or a block other than `if` (`{{#each}}`, `{{/unless}}`). Such a text would lose
 * or show whole passages on the page: it is refused where it is written, before anyone reads it.
 */
export function templateBlockProblems(text: string): { line: number; message: string }[] {
  const problems: { line: number; message: string }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  let open: { line: number; hasElse: boolean } | undefined;
  for (const match of text.matchAll(BLOCK_TAG)) {
    const line = lineOf(match.index);
    const [whole, kind, rest] = [match[0], match[1]!, match[2]!.trim()];
    if (kind === "#") {
      if (!IF_HEAD.test(rest))
        problems.push({ line, message: `„${whole}“ gibt es nicht; Bedingungen schreibst du als {{#if einstellung}}…{{/if}}` });
      else if (open)
        problems.push({
          line,
          message: `„${whole}“ steht in der Bedingung aus Zeile ${open.line}; schließ sie zuerst mit {{/if}} (Bedingungen lassen sich nicht ineinander schachteln)`,
        });
      else open = { line, hasElse: false };
    } else if (kind === "/") {
      if (rest !== "if") problems.push({ line, message: `„${whole}“ gibt es nicht; eine Bedingung endet mit {{/if}}` });
      else if (!open) problems.push({ line, message: `„{{/if}}“ schließt keine Bedingung: davor fehlt ein {{#if …}}` });
      else open = undefined;
    } else if (rest !== "" || !open || open.hasElse) {
      problems.push({
        line,
        message: !open
          ? `„${whole}“ steht außerhalb einer Bedingung: davor fehlt ein {{#if …}}`
          : open.hasElse
            ? `ein zweites „{{else}}“ in der Bedingung aus Zeile ${open.line}`
            : `„${whole}“ gibt es nicht; schreib {{else}}`,
      });
    } else open.hasElse = true;
  }
  if (open) problems.push({ line: open.line, message: "diese Bedingung {{#if …}} wird nie geschlossen: am Ende fehlt {{/if}}" });
  return problems;
}

/** Every setting `text` names in a placeholder or a condition. */
export function placeholderNames(text: string): string[] {
  const names = [...text.matchAll(/\{\{#if\s+([\w.]+)/g), ...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  return [...new Set(names)];
}

/** What a placeholder becomes in the text: its value (as a word with `wort:`), the note for an empty one, or undefined when nothing fills it. */
export function placeholderText(values: unknown, name: string, asWord = false): string | undefined {
  const value = lookup(values, name);
  if (!isValue(value)) return undefined;
  if (value === "") return toFill(name);
  return asWord && typeof value === "number" ? numberWord(value) : String(value);
}

/** Whether `{{#if name}}` (or `{{#if name=expected}}`) holds for `values`; undefined when the setting is unknown or still empty for a comparison. */
export function conditionHolds(values: unknown, name: string, expected?: string): boolean | undefined {
  const value = lookup(values, name);
  if (!isValue(value)) return undefined;
  if (expected !== undefined) return value === "" ? undefined : String(value) === expected;
  return value !== "" && value !== 0;
}

/** Names of placeholders and conditions in `text` that `values` cannot fill. */
export function unknownPlaceholders(text: string, values: unknown): string[] {
  const conditionNames = [...text.matchAll(CONDITION)].map((m) => m[1]);
  const plain = text.replace(/\{\{(#if\s[^}]*|else|\/if)\}\}/g, "");
  const names = [...conditionNames, ...[...plain.matchAll(PLACEHOLDER)].map((m) => m[1])];
  return names.filter((name) => !isValue(lookup(values, name)));
}

/**
 * Only the conditions: each `{{#if}}` block becomes the part that holds, the placeholders stay. A Markdown text
 * is decided so before it is read, as a block may hold whole lines (a list item that is there or not).
 */
export function decideConditions(text: string, values: unknown, escape: (value: string) => string = (v) => v): string {
  return text.replace(CONDITION, (whole, name: string, expected: string | undefined, then: string, otherwise = "") => {
    const value = lookup(values, name);
    if (!isValue(value)) return whole;
    // Comparing with a setting nobody has filled in yet decides nothing: show that it is missing.
    if (expected !== undefined && value === "") return escape(toFill(name));
    const holds = expected !== undefined ? String(value) === expected : value !== "" && value !== 0;
    return holds ? then : otherwise;
  });
}

/** Conditions first, then placeholders; `escape` applies to filled values (HTML templates). */
export function fillPlaceholders(text: string, values: unknown, escape: (value: string) => string = (v) => v): string {
  return decideConditions(text, values, escape).replace(PLACEHOLDER, (whole, name: string) => {
    const value = lookup(values, name);
    if (!isValue(value)) return whole;
    if (value === "") return escape(toFill(name));
    return escape(whole.includes("wort:") && typeof value === "number" ? numberWord(value) : String(value));
  });
}

export { escapeHtml } from "../escape-html";
