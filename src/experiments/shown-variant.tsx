/**
 * The variant of an experiment a page shows (server/experiments/): the build renders each variant's page with
 * its text (gatsby/experiment-pages.ts passes the variant in the page's context), and the server sends one of
 * them at the page's own address, ending it with a hidden input that names the variant. When the page comes
 * to life in the browser, that input says which text it showed, so the scripts render the same words and
 * nothing moves. Nothing is read from or written to the visitor's device besides the page itself.
 */
import React, { createContext, useContext, useState, type ReactNode } from "react";
import { graphql, useStaticQuery } from "gatsby";
import type { SiteRoute } from "../../common/routes";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";
import { EXPERIMENT_FIELD, VARIANT_NAMES, readVariantValue } from "../../common/experiments/variant-pages";
import { withTextAt } from "../../common/experiments/field-path";

export interface ShownVariant {
  experiment: string;
  variant: string;
}

const Shown = createContext<ShownVariant | undefined>(undefined);

/** The variant the server named at the end of the page, if it did. */
function servedVariant(): ShownVariant | undefined {
  if (typeof document === "undefined") return undefined;
  const input = document.querySelector(`input[type="hidden"][form="${VISIT_SOURCE_FORM_ID}"][name="${EXPERIMENT_FIELD}"]`);
  return input instanceof HTMLInputElement ? readVariantValue(input.value) : undefined;
}

/** Around every page (gatsby-ssr.tsx, gatsby-browser.tsx): the variant from the build's page context, else from the page. */
export function ShownVariantProvider({ pageContext, children }: { pageContext: unknown; children: ReactNode }) {
  const fromBuild = (pageContext as { experimentVariant?: ShownVariant } | undefined)?.experimentVariant;
  const [shown] = useState(() => fromBuild ?? servedVariant());
  return <Shown.Provider value={shown}>{children}</Shown.Provider>;
}

/** The page's copy with the shown variant's text in its field, when an experiment runs on `route`. */
export function useVariantCopy<T>(route: SiteRoute, copy: T): T {
  const shown = useContext(Shown);
  const data = useStaticQuery<Queries.ExperimentsQuery>(graphql`
    query Experiments {
      experimentList {
        experiments {
          id
          page
          field
          variants
          status
        }
      }
    }
  `);
  if (!shown || shown.variant === "A" || !copy) return copy;
  const experiment = data.experimentList?.experiments.find(
    (entry) => entry.id === shown.experiment && entry.page === route.path && entry.status === "läuft",
  );
  const text = experiment?.variants[VARIANT_NAMES.indexOf(shown.variant as "B") - 1];
  return experiment && text ? withTextAt(copy, experiment.field, text) : copy;
}
