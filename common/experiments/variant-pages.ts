/**
 * Where the build puts each variant of a page and how the server and the page name a variant. The build
 * writes the page once per variant (gatsby-node.ts), e.g. public/__variante-b/index.html beside
 * public/index.html, and lists the experiments it built in BUILT_EXPERIMENTS_FILE; the server sends one of
 * them at the page's own address (server/experiments/) and ends the page with a hidden input
 * (EXPERIMENT_FIELD) that tells the form, and the page's script, which variant it shows.
 */
import { VISIT_SOURCE_FORM_ID } from "../visit-source";

/** The original is "A"; content/experiments.json lists B and, if wanted, C. */
export const VARIANT_NAMES = ["A", "B", "C"] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

/** The hidden field of the forms: "experiment-id:B". */
export const EXPERIMENT_FIELD = "experiment";

/** The folder segment of a variant's page; never answered at its own address. */
export const VARIANT_SEGMENT = "__variante-";

/** The experiments a build holds, with their variants' pages (hidden: never served). */
export const BUILT_EXPERIMENTS_FILE = ".experiments.json";

/** "/" and "B" → "/__variante-b"; "/bewegung-alltag" and "C" → "/bewegung-alltag/__variante-c". */
export function variantPagePath(page: string, variant: string): string {
  return `${page === "/" ? "" : page}/${VARIANT_SEGMENT}${variant.toLowerCase()}`;
}

/** The variant's HTML file inside public/ (no leading slash). */
export function variantHtmlFile(page: string, variant: string): string {
  return `${variantPagePath(page, variant).slice(1)}/index.html`;
}

/** "startseite-titel:B" → the experiment and its variant, or undefined. */
export function readVariantValue(value: unknown): { experiment: string; variant: string } | undefined {
  if (typeof value !== "string" || value.length > 60) return undefined;
  const match = /^([a-z0-9][a-z0-9-]{1,39}):([ABC])$/.exec(value);
  return match ? { experiment: match[1]!, variant: match[2]! } : undefined;
}

/** The hidden input at the end of a page that shows `variant` of `experiment` (ids and letters need no escaping). */
export function variantInput(experiment: string, variant: string): string {
  return `<input type="hidden" form="${VISIT_SOURCE_FORM_ID}" name="${EXPERIMENT_FIELD}" value="${experiment}:${variant}">`;
}
