import React from "react";
import type { GatsbyBrowser } from "gatsby";
import "./src/styles/site.css";
import { ErrorBoundary } from "./src/components/ErrorBoundary";
import { keepScrollPositionsInMemory } from "./src/keep-scroll-in-memory";

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => keepScrollPositionsInMemory();

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => <ErrorBoundary>{element}</ErrorBoundary>;
