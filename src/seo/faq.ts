import type { FAQPage, WithContext } from "schema-dts";
import { absoluteUrl } from "./json-ld";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** `FAQPage` for the contact page: each question with its accepted answer. */
export function faqPageJsonLd(entries: readonly FaqEntry[], page: { siteUrl: string; pathname: string }): WithContext<FAQPage> {
  if (entries.length === 0) throw new Error("FAQPage braucht mindestens eine Frage");
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: absoluteUrl(page.siteUrl, page.pathname),
    inLanguage: "de-DE",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
