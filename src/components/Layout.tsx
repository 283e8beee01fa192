import React, { useEffect } from "react";
import { Header } from "./Header";
import { Footer } from "./Footer";
import { PREVIEW_NAME, PreviewBanner } from "./PreviewBanner";
import { HYDRATED_ATTRIBUTE } from "../hydration-marks";

export const MAIN_ID = "inhalt";

/** Every page: skip link, sticky header, the page's main content, footer. */
export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the moment the page is interactive; browser tests wait for it before using keyboard shortcuts.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "true");
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-forest-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Zum Inhalt springen
      </a>
      {PREVIEW_NAME && <PreviewBanner name={PREVIEW_NAME} />}
      <Header />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
