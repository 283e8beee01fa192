import React from "react";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { JsonLd } from "./JsonLd";
import { faqPageJsonLd, type FaqEntry } from "./faq";

/** `FAQPage` structured data for the questions shown on a page. */
export function FaqPageJsonLd({ entries, pathname }: { entries: readonly FaqEntry[]; pathname: string }) {
  const { siteUrl } = useSiteSettings();
  return <JsonLd data={faqPageJsonLd(entries, { siteUrl, pathname })} />;
}
