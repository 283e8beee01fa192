import React from "react";
import type { GatsbyBrowser } from "gatsby";
import "./src/styles/site.css";
import { ErrorBoundary } from "./src/components/ErrorBoundary";
import { keepScrollPositionsInMemory } from "./src/keep-scroll-in-memory";
import { addWebFonts } from "./src/styles/fonts";

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => keepScrollPositionsInMemory();

/** The web fonts come once the page is there (src/styles/fonts.ts). */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => addWebFonts();

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => <ErrorBoundary>{element}</ErrorBoundary>;
