import React from "react";
import type { GatsbySSR } from "gatsby";
import { ErrorBoundary } from "./src/components/ErrorBoundary";
import { ShownVariantProvider } from "./src/experiments/shown-variant";
import { withoutImageRuntime } from "./gatsby/image-runtime";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "de" });
};

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(withoutImageRuntime(getHeadComponents()));
};

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <ErrorBoundary>
    <ShownVariantProvider pageContext={props.pageContext}>{element}</ShownVariantProvider>
  </ErrorBoundary>
);
