/**
 * Gatsby's caching rules: HTML and page data must be revalidated on every visit (they change with each
 * build under the same name), while hashed JS/CSS and everything under /static/ never changes under its
 * name and may be cached for a year.
 */
export const REVALIDATE = "public, max-age=0, must-revalidate";
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** A page made for one request (a page with its visit's source, routes/static.ts): kept by no cache. */
export const PRIVATE_NO_STORE = "private, no-store";

/** Gatsby's bundles carry a content hash before the extension: app-9c8b7a6d5e4f3a2b1c0d.js, styles.1a2b3c4d5e.css. */
const HASHED_BUNDLE = /[-.][0-9a-f]{8,}\.(?:js|mjs|css)(?:\.map)?$/i;

/** `relativePath` is the file's path inside public/, with forward slashes and no leading slash. */
export function cacheControlFor(relativePath: string): string {
  if (relativePath.startsWith("static/")) return IMMUTABLE;
  if (relativePath.startsWith("page-data/") || relativePath.endsWith(".html")) return REVALIDATE;
  if (HASHED_BUNDLE.test(relativePath)) return IMMUTABLE;
  return REVALIDATE;
}
