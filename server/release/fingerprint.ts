/**
 * What the server process runs and reads at start: its compiled code and the content files it loads (mail
 * texts, consent versions, the plan, token page copy). Two releases with the same fingerprint differ only in
 * files the pages use, so the running server switches to the new files without a new process.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Content only the Gatsby pages read; everything else under content/ counts as read by the server. */
export const PAGE_ONLY_CONTENT = new Set(["testimonials.json", "faq.json", "results.json", "notices.json", "images", "schemas"]);

function files(dir: string, relative = ""): string[] {
  const result: string[] = [];
  for (const name of readdirSync(path.join(dir, relative)).sort()) {
    const entry = relative ? `${relative}/${name}` : name;
    if (!relative && PAGE_ONLY_CONTENT.has(name)) continue;
    if (statSync(path.join(dir, entry)).isDirectory()) result.push(...files(dir, entry));
    else result.push(entry);
  }
  return result;
}

export function serverFingerprint(serverFile: string, contentDir: string): string {
  const hash = createHash("sha256").update(readFileSync(serverFile));
  for (const file of files(contentDir)) hash.update(`\0${file}\0`).update(readFileSync(path.join(contentDir, file)));
  return hash.digest("hex").slice(0, 16);
}
