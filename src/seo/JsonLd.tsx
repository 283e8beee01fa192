import React from "react";
import { serializeJsonLd, type JsonLdDocument } from "./json-ld";

/** Structured data for search engines; rendered inside a page's `Head`. */
export function JsonLd({ data }: { data: JsonLdDocument }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
