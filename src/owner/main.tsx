/**
 * Entry of the owner area's browser bundle (server/release/owner-build.ts): the brand fonts and the owner
 * stylesheet, then the app, rendered into the shell's #verwaltung element.
 */
import "@fontsource-variable/inter/wght.css";
import "@fontsource/source-serif-4/latin-600.css";
import "@fontsource/source-serif-4/latin-700.css";
import "./owner.css";
import React from "react";
import { createRoot } from "react-dom/client";
import { OwnerApp } from "./OwnerApp";
import { usePathname } from "./router";

function RoutedOwnerApp() {
  return <OwnerApp pathname={usePathname()} />;
}

createRoot(document.getElementById("verwaltung")!).render(<RoutedOwnerApp />);
