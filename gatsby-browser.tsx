import React from "react";
import type { GatsbyBrowser } from "gatsby";
import "./src/styles/site.css";
import { ErrorBoundary } from "./src/components/ErrorBoundary";
import { ShownVariantProvider } from "./src/experiments/shown-variant";
import { loadPagesOnlyWhenShown } from "./src/in-site-views";
import { keepScrollPositionsInMemory } from "./src/keep-scroll-in-memory";

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  keepScrollPositionsInMemory();
  loadPagesOnlyWhenShown();
};

// Each page reached inside the site is counted once, by its page data fetched when it is shown (src/in-site-views.ts).
export const disableCorePrefetching: GatsbyBrowser["disableCorePrefetching"] = () => true;

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <ErrorBoundary>
    <ShownVariantProvider pageContext={props.pageContext}>{element}</ShownVariantProvider>
  </ErrorBoundary>
);
