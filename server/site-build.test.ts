/** `npm start` rebuilds the site exactly when public/ is missing or older than a source file. */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { BUILD_STAMP, siteNeedsBuild } from "./site-build";
import { OWNER_SHELL } from "./static/owner-files";

describe("siteNeedsBuild", () => {
  let project: string;
  const publicDir = () => path.join(project, "public");
  const touch = async (file: string, secondsAgo: number) => {
    const full = path.join(project, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, file);
    const time = new Date(Date.now() - secondsAgo * 1000);
    await utimes(full, time, time);
  };

  /** Directories count too (a deleted source file only changes its folder), so they are aged as well. */
  const ageFolders = async (dir: string, secondsAgo: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== "node_modules") await ageFolders(path.join(dir, entry.name), secondsAgo);
    }
    const time = new Date(Date.now() - secondsAgo * 1000);
    await utimes(dir, time, time);
  };

  before(async () => {
    project = await mkdtemp(path.join(os.tmpdir(), "urkraft-build-"));
    await touch("src/pages/index.tsx", 600);
    await touch("common/forms/schemas.ts", 600);
    await touch("content/legal/agb.md", 600);
    await touch("content/site.json", 600);
    await touch("static/robots.txt", 600);
    await touch("gatsby-config.ts", 600);
    await ageFolders(project, 600);
    await touch("node_modules/some-package/index.js", 1);
  });
  after(() => rm(project, { recursive: true, force: true }));

  it("builds when public/ is missing", async () => {
    assert.equal(await siteNeedsBuild(project, publicDir()), true);
  });

  it("does not build when public/ is newer than every source (node_modules does not count)", async () => {
    await touch("public/index.html", 300);
    await touch(`public/${OWNER_SHELL}`, 300);
    await touch(`public/${BUILD_STAMP}`, 300);
    await ageFolders(publicDir(), 300);
    assert.equal(await siteNeedsBuild(project, publicDir()), false);
  });

  it("builds when public/ lacks the owner area (a bare gatsby build)", async () => {
    await rm(path.join(publicDir(), OWNER_SHELL));
    assert.equal(await siteNeedsBuild(project, publicDir()), true);
    await touch(`public/${OWNER_SHELL}`, 300);
    await ageFolders(publicDir(), 300);
    assert.equal(await siteNeedsBuild(project, publicDir()), false);
  });

  for (const source of [
    "content/site.json",
    "src/pages/index.tsx",
    "common/forms/schemas.ts",
    "static/robots.txt",
    "gatsby-config.ts",
    "content/legal/agb.md",
  ]) {
    it(`builds when ${source} changed after the last build`, async () => {
      await touch(`public/${BUILD_STAMP}`, 300);
      await ageFolders(publicDir(), 300);
      await touch(source, 0);
      assert.equal(await siteNeedsBuild(project, publicDir()), true);
      // A new build: public/ is newer than the source again.
      await touch(`public/${BUILD_STAMP}`, -1);
      assert.equal(await siteNeedsBuild(project, publicDir()), false);
      await touch(source, 600);
    });
  }
});
