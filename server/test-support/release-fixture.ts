/**
 * A releases folder as `npm run deploy` leaves it, without running Gatsby: each release gets public/ from
 * the site fixture (with its own page text, inline script and bundle name), the content the server reads,
 * and release.json. `withServer` adds the compiled server (the real esbuild bundle), for process tests.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { RELEASE_FILE, releaseDir, switchCurrent, type ReleaseInfo } from "../release/releases";
import { TRUSTED_SCRIPTS_FILE } from "../../common/trusted-scripts";
import { FIXTURE_SCRIPTS, createSiteFixture, trustedScriptsFile } from "./site-fixture";

const repoDir = path.resolve(__dirname, "../..");

export interface ReleasesFixture {
  /** The folder holding releases/ and a node_modules link, so a release's server.mjs finds its packages. */
  root: string;
  releasesDir: string;
  add(options: {
    id: string;
    marker: string;
    bundle: string;
    /** An owner-area asset name (main-XXXXXXXX.js) written to public/verwaltung/assets/. */
    ownerAsset?: string;
    fingerprint?: string;
    withServer?: boolean;
    live?: boolean;
  }): Promise<ReleaseInfo>;
  remove(): void;
}

export const pageScript = (marker: string) => `window.__release="${marker}";`;

export function createReleasesFixture(): ReleasesFixture {
  const root = mkdtempSync(path.join(os.tmpdir(), "urkraft-releases-"));
  const releasesDir = path.join(root, "releases");
  mkdirSync(releasesDir);
  symlinkSync(path.join(repoDir, "node_modules"), path.join(root, "node_modules"));
  return {
    root,
    releasesDir,
    async add({ id, marker, bundle, ownerAsset, fingerprint = "same-server", withServer = false, live = true }) {
      const dir = releaseDir(releasesDir, id);
      const site = await createSiteFixture();
      cpSync(site.dir, path.join(dir, "public"), { recursive: true });
      await site.remove();
      const page = `<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>${marker}</title><script>${pageScript(marker)}</script><script src="/${bundle}" async></script></head><body><h1>${marker}</h1>${"<p>Natürliche Energie.</p>".repeat(60)}</body></html>`;
      writeFileSync(path.join(dir, "public", "index.html"), page);
      writeFileSync(
        path.join(dir, "public", TRUSTED_SCRIPTS_FILE),
        trustedScriptsFile([...Object.values(FIXTURE_SCRIPTS), pageScript(marker)]),
      );
      writeFileSync(path.join(dir, "public", bundle), `console.log(${JSON.stringify(marker)});\n`.repeat(100));
      if (ownerAsset) {
        mkdirSync(path.join(dir, "public", "verwaltung", "assets"), { recursive: true });
        writeFileSync(path.join(dir, "public", "verwaltung", "index.html"), `<!DOCTYPE html><title>${marker}</title>`);
        writeFileSync(path.join(dir, "public", "verwaltung", "assets", ownerAsset), `console.log(${JSON.stringify(marker)});\n`);
      }
      cpSync(path.join(repoDir, "content"), path.join(dir, "content"), { recursive: true });
      if (withServer) {
        execFileSync("npm", ["run", "-s", "build:server", "--", `--outfile=${path.join(dir, "server.mjs")}`], { cwd: repoDir });
      }
      const info: ReleaseInfo = {
        id,
        commit: id.split("-")[1]!,
        createdAt: new Date().toISOString(),
        serverFingerprint: fingerprint,
      };
      writeFileSync(path.join(dir, RELEASE_FILE), JSON.stringify(info));
      if (live) switchCurrent(releasesDir, id);
      return info;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
