/**
 * Each variant of a running experiment (content/experiments.json) as a page of its own, from the same
 * component as the page with the variant's text (src/experiments/shown-variant.tsx reads it from the page's
 * context): so every variant is static HTML within the same budgets, with no script to swap a text. After the
 * build each variant's HTML takes the page's own address where it names its own (Gatsby's pagePath, the
 * canonical link), since the server sends it at the page's address (server/experiments/), and the build's
 * BUILT_EXPERIMENTS_FILE lists what it holds. An experiment that has ended, or was ended, gets no pages.
 */
import fs from "node:fs";
import path from "node:path";
import { EXPERIMENTS_FILE } from "../common/experiments/experiment-schema";
import type { ExperimentEntry } from "../common/experiments/experiment-problems";
import { BUILT_EXPERIMENTS_FILE, VARIANT_NAMES, variantHtmlFile, variantPagePath } from "../common/experiments/variant-pages";

export interface VariantPage {
  path: string;
  component: string;
  context: { experimentVariant: { experiment: string; variant: string } };
}

/** The experiments still to run on `today` (YYYY-MM-DD): „läuft“ and not past their end. */
export function experimentsToBuild(contentDir: string, today: string): ExperimentEntry[] {
  const file = path.join(contentDir, EXPERIMENTS_FILE);
  if (!fs.existsSync(file)) return [];
  const listed = (JSON.parse(fs.readFileSync(file, "utf8")) as { experiments?: ExperimentEntry[] }).experiments ?? [];
  return listed.filter((experiment) => experiment.status === "läuft" && experiment.end >= today);
}

/** The pages to create: one per variant besides the original, from the page's own component in src/pages/. */
export function variantPages(experiments: readonly ExperimentEntry[], pagesDir: string): VariantPage[] {
  return experiments.flatMap((experiment) =>
    experiment.variants.map((_text, index) => {
      const variant = VARIANT_NAMES[index + 1]!;
      return {
        path: variantPagePath(experiment.page, variant),
        component: path.join(pagesDir, `${experiment.page === "/" ? "index" : experiment.page.slice(1)}.tsx`),
        context: { experimentVariant: { experiment: experiment.id, variant } },
      };
    }),
  );
}

const LINK = /<a\b[^>]*>/g;

/**
 * The links to the page itself as the page has them (`aria-current="page"` and the header's mark of the page
 * shown): the variant was rendered at its own path, where no link is current. Both have the same links in the
 * same order, only a text differs; otherwise the variant is left as it is.
 */
export function withCurrentLinks(variant: string, page: string): string {
  const pageLinks = page.match(LINK) ?? [];
  const variantLinks = variant.match(LINK) ?? [];
  if (pageLinks.length !== variantLinks.length) return variant;
  let index = 0;
  return variant.replace(LINK, (link) => {
    const own = pageLinks[index++]!;
    return own.includes('aria-current="page"') ? own : link;
  });
}

/** Gives each variant's HTML its page's address and writes the list of the build's experiments. */
export function finishVariantPages(publicDir: string, experiments: readonly ExperimentEntry[]): number {
  let pages = 0;
  for (const experiment of experiments) {
    experiment.variants.forEach((_text, index) => {
      const variant = VARIANT_NAMES[index + 1]!;
      const file = path.join(publicDir, ...variantHtmlFile(experiment.page, variant).split("/"));
      if (!fs.existsSync(file)) return;
      const own = variantPagePath(experiment.page, variant);
      const original = path.join(publicDir, ...(experiment.page === "/" ? [] : [experiment.page.slice(1)]), "index.html");
      // "/__variante-b" in "…/__variante-b" (and never part of a longer name) becomes the page's own address.
      const html = fs.readFileSync(file, "utf8").replaceAll(new RegExp(`${own}(?![\\w-])`, "g"), experiment.page);
      fs.writeFileSync(file, fs.existsSync(original) ? withCurrentLinks(html, fs.readFileSync(original, "utf8")) : html);
      pages += 1;
    });
  }
  fs.writeFileSync(path.join(publicDir, BUILT_EXPERIMENTS_FILE), JSON.stringify({ experiments }));
  return pages;
}
