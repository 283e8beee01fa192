import React from "react";
import type { GatsbySSR } from "gatsby";
import { ErrorBoundary } from "./src/components/ErrorBoundary";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "de" });
};

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => <ErrorBoundary>{element}</ErrorBoundary>;
