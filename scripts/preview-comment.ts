/**
 * The pull request's preview comment (.github/workflows/site.yml posts it, one per pull request, updated on
 * every push): the preview's address, the commit, and for each changed content file one line on what
 * changed and links straight to the preview's pages that show it.
 * `tsx scripts/preview-comment.ts NAME BASE` prints the comment's Markdown; BASE is the target branch's
 * commit, the change is counted from where the pull request branched off.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { defaultOrigin } from "../server/release/build-preview";
import { previewAddress, previewByName, previewPublicDir, previewsDirFrom } from "../server/release/previews";
import { changedFiles, contentChanges } from "./content-path/changes";
import { pageTexts, whereShown } from "./content-path/pages";

/** The comment's first line: the workflow finds its own comment by it. */
export const COMMENT_MARKER = "<!-- urkraft-vorschau -->";

export function previewComment(projectDir: string, name: string, base: string, origin = defaultOrigin()): string {
  const previewsDir = previewsDirFrom(process.env, projectDir);
  const preview = previewByName(previewsDir, name);
  if (!preview) throw new Error(`Eine Vorschau „${name}“ gibt es in ${previewsDir} nicht.`);
  const address = previewAddress(origin, preview.token);
  const git = (args: string[]) => execFileSync("git", args, { cwd: projectDir, encoding: "utf8" }).trim();
  const from = git(["merge-base", base, "HEAD"]);
  const files = changedFiles(projectDir, from) ?? [];
  const shown = whereShown(contentChanges(projectDir, from, files), pageTexts(previewPublicDir(previewsDir, preview.token)));
  const link = (page: string) => `[${page}](${address}${page.slice(1)})`;
  const lines = [
    COMMENT_MARKER,
    `**Vorschau:** ${address}`,
    "",
    `Commit \`${git(["rev-parse", "--short=9", "HEAD"])}\` · noch nicht veröffentlicht · Formulare senden hier nichts`,
  ];
  if (shown.length > 0) {
    lines.push("", "| Datei | Was sich ändert | Seiten |", "| --- | --- | --- |");
    for (const change of shown) {
      const pages = change.pages.length > 0 ? change.pages.map(link).join(", ") : "–";
      lines.push(`| \`${change.file}\` | ${change.summary.replace(/\|/g, "\\|")} | ${pages} |`);
    }
  } else {
    lines.push("", "Keine Inhaltsdatei geändert.");
  }
  return lines.join("\n");
}

if (require.main === module) {
  const [name, base] = process.argv.slice(2);
  if (!name || !base) {
    console.error("Aufruf: tsx scripts/preview-comment.ts NAME BASIS-COMMIT");
    process.exit(1);
  }
  console.log(previewComment(path.resolve(__dirname, ".."), name, base));
}
