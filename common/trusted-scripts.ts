/**
 * The inline scripts a build itself writes into its pages (gatsby/after-load.ts), recorded by the build in
 * one file at the root of public/. The server's CSP trusts exactly these: a script that reached a page any
 * other way (from a content text, say) is in no list and never runs, whatever the served page contains.
 */
import { createHash } from "node:crypto";

/** In public/, hidden: the server never serves a file whose name starts with a dot. */
export const TRUSTED_SCRIPTS_FILE = ".trusted-scripts.json";

export interface TrustedScripts {
  /** CSP source expressions, 'sha256-…'. */
  hashes: string[];
}

/** The CSP source expression of one inline script's text. */
export function scriptHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The `id` of the one inline script a build writes into each page (gatsby/after-load.ts). */
export const AFTER_LOAD_ID = "after-load";

/** The build's inline scripts in a page's HTML, their text in group 1. */
export const buildScriptsIn = (html: string): string[] =>
  [...html.matchAll(new RegExp(`<script id="${AFTER_LOAD_ID}">([\\s\\S]*?)</script>`, "g"))].map((match) => match[1]!);
