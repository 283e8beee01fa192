/**
 * `npm run ci:release` (the release job of .github/workflows/site.yml, and here with CI=true): decides by
 * the commits since CI_BASE (the commit before the push; by default the one before HEAD) which way a push
 * to main goes live.
 * - Only files under content/ changed: content check, build (npm run deploy), then a check of the built
 *   pages with the release's own server (scripts/content-path/check-built.ts). No test suite: the code is
 *   the one already live.
 * - Anything else (or no known base): the whole `npm test` first (CI_TEST_COMMAND replaces it), then the
 *   same build.
 * With DEPLOY_TARGET the release is then shipped and made live there; without it the run stops before
 * shipping and says so.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { deploy } from "../server/release/deploy";
import { ReleaseError } from "../server/release/releases";
import { parseTarget, ship } from "../server/release/ship";
import { changedFiles, contentChanges, isContentOnly } from "./content-path/changes";
import { checkBuiltRelease } from "./content-path/check-built";

const projectDir = path.resolve(__dirname, "..");
const releasesDir = path.resolve(projectDir, process.env.RELEASES_DIR || "releases");

function defaultBase(): string | undefined {
  const result = spawnSync("git", ["rev-parse", "--verify", "--quiet", "HEAD~1"], { cwd: projectDir, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

async function main(): Promise<void> {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const base = process.env.CI_BASE?.trim() || defaultBase();
  const files = changedFiles(projectDir, base);
  const contentOnly = files !== undefined && isContentOnly(files);
  if (files === undefined) {
    console.log(`Weg: vollständig. Der Stand vor dem Push (${base ?? "unbekannt"}) ist hier nicht bekannt.`);
  } else if (contentOnly) {
    console.log(`Weg: nur Inhalte (${files.length} Datei${files.length === 1 ? "" : "en"} unter content/). Ohne Testreihe.`);
  } else {
    const code = files.filter((file) => !file.startsWith("content/"));
    console.log(`Weg: vollständig. Nicht nur Inhalte geändert: ${code.slice(0, 5).join(", ")}${code.length > 5 ? " …" : ""}`);
  }

  if (!contentOnly) {
    const command = process.env.CI_TEST_COMMAND || "npm test";
    console.log(`Testreihe: ${command}`);
    const tests = spawnSync("sh", ["-c", command], { cwd: projectDir, stdio: "inherit" });
    if (tests.status !== 0) throw new ReleaseError(`Die Testreihe (${command}) ist fehlgeschlagen. Nichts veröffentlicht.`);
    console.log(`Testreihe bestanden nach ${seconds()}.`);
  }

  const release = await deploy({ projectDir, releasesDir });
  console.log(`Release ${release.id} gebaut nach ${seconds()}.`);

  if (contentOnly) {
    const changes = contentChanges(projectDir, base!, files);
    const check = await checkBuiltRelease({ projectDir, releasesDir, releaseId: release.id, changes });
    for (const change of check.shown) {
      const where = change.pages.length > 0 ? change.pages.join(", ") : "keiner Seite zugeordnet";
      console.log(`  ${change.file}: ${change.summary} → ${where}`);
    }
    if (check.problems.length > 0) {
      throw new ReleaseError(
        `Die Prüfung der gebauten Seiten hat Fehler gefunden:\n${check.problems.map((p) => `  • ${p}`).join("\n")}\nNichts versandt.`,
      );
    }
    console.log(`Gebaute Seiten geprüft (${check.pagesChecked} Seiten, Budgets und Texte) nach ${seconds()}.`);
  }

  if (!process.env.DEPLOY_TARGET?.trim()) {
    console.log(`DEPLOY_TARGET fehlt: hier endet der Lauf vor dem Versenden (Release ${release.id} liegt in ${releasesDir}).`);
    console.log(`Fertig nach ${seconds()}.`);
    return;
  }
  const sshOptions = process.env.DEPLOY_SSH_OPTIONS?.split(" ").filter(Boolean) ?? [];
  ship(releasesDir, release.id, parseTarget(process.env.DEPLOY_TARGET), sshOptions);
  console.log(`Release ${release.id} ist auf ${process.env.DEPLOY_TARGET} live. Fertig nach ${seconds()}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ReleaseError ? error.message : error);
  process.exit(1);
});
