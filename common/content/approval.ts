/**
 * Four eyes where the law is at stake: an editor's change to these files, or to these fields of
 * content/site.json, is not published but proposed; an owner looks at it and approves it or sends it back
 * (server/content-editor/proposals.ts). The owners' own changes publish at once, as every change of an
 * editor to the other files does.
 */
import type { EditableFile } from "./editable-files";

/** Why a file needs an owner's approval, as the editor reads it beside the button. */
const APPROVAL_FILES: Record<string, string> = {
  "results.json": "Zahlen mit ihrer Grundlage und dem Nachweis der Umfrage",
  "testimonials.json": "Erfahrungsberichte echter Menschen mit ihrer Einwilligung",
  "image-credits.json": "die Rechte an den Bildern und die Einwilligung abgebildeter Personen",
  "emails/lead-confirmation.md": "die Bitte um Einwilligung (Double-Opt-in)",
  "emails/lead-welcome.md": "was wir nach der Einwilligung versprechen",
  "emails/_footer.md": "die Pflichtangaben unter jeder E-Mail",
  "emails/_unsubscribe.md": "der Abmeldehinweis unter jeder E-Mail",
};

/** Fields of site.json that the legal pages, the consent or a claim rely on (dotted paths). */
export const APPROVAL_SITE_FIELDS = ["tagline", "taglineCheckedOn", "phone", "address", "legal", "stats", "consent"] as const;

/** Why a change to this file needs an owner's approval; undefined when it publishes at once. */
export function approvalReason(entry: Pick<EditableFile, "file" | "kind">): string | undefined {
  if (entry.kind === "legal") return "ein Rechtstext, für den die Inhaber haften";
  if (entry.file === "site.json") return "Firmendaten, Zahlen und der Einwilligungstext";
  return APPROVAL_FILES[entry.file];
}

type Dict = Record<string, unknown>;
/** JSON with the keys of every object sorted: the same for the same data, whatever order it was written in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === "object" && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
const valueAt = (data: unknown, dotted: string) =>
  dotted
    .split(".")
    .reduce<unknown>(
      (at, key) => (typeof at === "object" && at !== null && !Array.isArray(at) ? (at as Dict)[key] : undefined),
      data,
    );

/**
 * Whether changing `before` into `after` needs an owner's approval: always for the files above, for
 * site.json only when one of its fields above changes.
 */
export function needsApproval(entry: Pick<EditableFile, "file" | "kind">, before: unknown, after: unknown): boolean {
  if (!approvalReason(entry)) return false;
  if (entry.file !== "site.json") return true;
  return APPROVAL_SITE_FIELDS.some((field) => canonical(valueAt(before, field)) !== canonical(valueAt(after, field)));
}
