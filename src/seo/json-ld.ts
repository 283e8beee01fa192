import type { Graph, Thing, WithContext } from "schema-dts";

/** One JSON-LD document: a single typed entity, or several in an `@graph`. */
export type JsonLdDocument = WithContext<Thing> | Graph;

/**
 * JSON for a `<script type="application/ld+json">` body. `<`, `>` and `&` are written as \u escapes, so
 * a text such as "</script>" in content can never end the script element early.
 */
export function serializeJsonLd(data: JsonLdDocument): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** `https://www.urkraft.de` + `/static/x.jpg`; absolute addresses pass unchanged. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl.replace(/\/+$/, "")}/`).toString();
}
