/**
 * How a preview is built, with a stand-in for Gatsby (the real build: preview.test.ts): every preview with
 * the same address and name, so the build folder's caches hold from one to the next; each preview's copy
 * with its own token and name, the shared build folder with none; only changed content files laid over the
 * project's; a second preview waits for the first; the warm-up builds without making a preview.
 */
import { TRUSTED_SCRIPTS_FILE, scriptHash } from "../../common/trusted-scripts";
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, beforeEach, describe, it } from "node:test";
import { PATH_PREFIX_ENV, PREVIEW_NAME_ENV } from "../../common/preview";
import {
  BUILD_NAME,
  BUILD_TOKEN,
  PREVIEW_BUILD_NICENESS,
  buildPreview,
  runBelowServer,
  warmPreviewBuild,
  type PreviewSteps,
} from "./build-preview";
import { listPreviews } from "./previews";
import { ReleaseError } from "./releases";

const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-build-preview-"));
const projectDir = path.join(scratch, "project");
const PICTURE = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

let previewsDir = "";
let workDir = "";
let builds: NodeJS.ProcessEnv[] = [];
/** Per build: whether it ran in the background (below the server's priority). */
let backgrounds: boolean[] = [];

function write(file: string, text: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes what Gatsby writes that names the address or the banner's name: pages, scripts, page data. */
function standInSteps(delayMs = 0): PreviewSteps {
  return {
    checkContent: () => [],
    async buildSite(dir, env, how = {}) {
      builds.push(env);
      backgrounds.push(how.background ?? false);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const prefix = env[PATH_PREFIX_ENV] ?? "";
      const name = env[PREVIEW_NAME_ENV] ?? "";
      const text = (JSON.parse(readFileSync(path.join(dir, "content", "testimonials.json"), "utf8")) as { text: string }[])[0]!
        .text;
      const own = `window.p="${prefix}/";`;
      write(
        path.join(dir, "public", "index.html"),
        `<body><p>Änderung: ${name}</p><a href="${prefix}/agb">AGB</a><blockquote>${text}</blockquote><script src="${prefix}/app-1.js"></script>` +
          `<script id="after-load">${own}</script><div><script id="after-load">window.x="${prefix}";</script></div>` +
          `<svg><use href="${prefix}/icons/sections.svg#mail"></use></svg>`,
      );
      write(
        path.join(dir, "public", "icons", "sections.svg"),
        '<svg xmlns="http://www.w3.org/2000/svg"><defs><symbol id="mail" viewBox="0 0 24 24"><path d="M1 1"/></symbol><symbol id="menu"><path d="M2 2"/></symbol></defs></svg>',
      );
      write(path.join(dir, "public", TRUSTED_SCRIPTS_FILE), JSON.stringify({ hashes: [scriptHash(own)] }));
      write(path.join(dir, "public", "app-1.js"), `__webpack_require__.p="${prefix}/";const n="${name}";`);
      write(path.join(dir, "public", "page-data", "app-data.json"), `{"path":"${prefix}/"}`);
      write(path.join(dir, "public", "static", "bild.jpg"), PICTURE);
      write(path.join(dir, "public", "verwaltung", "index.html"), "<p>Verwaltung</p>");
    },
  };
}

beforeEach(() => {
  previewsDir = mkdtempSync(path.join(scratch, "previews-"));
  workDir = mkdtempSync(path.join(scratch, "work-"));
  builds = [];
  backgrounds = [];
});

after(() => rmSync(scratch, { recursive: true, force: true }));

write(path.join(projectDir, "package.json"), "{}\n");
write(path.join(projectDir, "content", "site.json"), `{ "brand": "Urkraft", "description": "Kraft\u00a0im Alltag" }\n`);
write(path.join(projectDir, "content", "testimonials.json"), `[{ "text": "Wie gehabt." }]\n`);
write(path.join(projectDir, "content", "images", "wald.jpg"), PICTURE);
mkdirSync(path.join(projectDir, "node_modules"));
execFileSync("git", ["init", "-q"], { cwd: projectDir });

function editedContent(text: string): string {
  const dir = mkdtempSync(path.join(scratch, "edited-"));
  for (const file of ["site.json", "images/wald.jpg"]) {
    write(path.join(dir, file), readFileSync(path.join(projectDir, "content", file)));
  }
  write(path.join(dir, "testimonials.json"), `[{ "text": "${text}" }]\n`);
  return dir;
}

const build = (name: string, text = "Neu.", steps = standInSteps()) =>
  buildPreview({
    name,
    projectDir,
    contentDir: editedContent(text),
    previewsDir,
    workDir,
    origin: "http://localhost:9000",
    steps,
    log: () => undefined,
  });

describe("building previews", () => {
  it("builds every preview with the same address and name, so Gatsby's and webpack's caches hold", async () => {
    const first = await build("inhalte-anna-testimonials-json");
    const second = await build("inhalte-bert-site-json");
    assert.notEqual(first.token, second.token);
    assert.equal(builds.length, 2);
    assert.deepEqual(builds[1], builds[0]);
    assert.equal(builds[0]![PATH_PREFIX_ENV], `/vorschau/${BUILD_TOKEN}`);
    assert.equal(builds[0]![PREVIEW_NAME_ENV], BUILD_NAME);
  });

  it("puts each preview's own token and name into its copy, and no preview's into the shared build folder", async () => {
    const first = await build("neue Stimme", "Erste Fassung.");
    const second = await build("pr-12", "Zweite Fassung.");
    const html = (preview: { token: string }) =>
      readFileSync(path.join(previewsDir, preview.token, "public", "index.html"), "utf8");
    assert.match(html(first), new RegExp(`href="/vorschau/${first.token}/agb"`));
    assert.match(html(first), /Änderung: neue Stimme/);
    assert.match(html(first), /Erste Fassung/);
    assert.match(html(second), new RegExp(`<script src="/vorschau/${second.token}/app-1.js">`));
    assert.match(html(second), /Änderung: pr-12/);
    // The build's own inline script names the preview's address; the CSP trusts it as it is served, and nothing else.
    const trusted = (preview: { token: string }) =>
      (
        JSON.parse(readFileSync(path.join(previewsDir, preview.token, "public", TRUSTED_SCRIPTS_FILE), "utf8")) as {
          hashes: string[];
        }
      ).hashes;
    assert.ok(trusted(first).includes(scriptHash(`window.p="/vorschau/${first.token}/";`)));
    assert.equal(
      trusted(first).includes(scriptHash(`window.x="/vorschau/${first.token}";`)),
      false,
      "a script its build did not list",
    );
    // A sprite is used only from the page's own origin, which a sandboxed preview has not: the icons come inline.
    assert.match(html(first), /<symbol id="sprite-sections-mail" viewBox="0 0 24 24">/);
    assert.match(html(first), /<use href="#sprite-sections-mail">/);
    assert.doesNotMatch(html(first), /sprite-sections-menu|icons\/sections\.svg/);
    const script = readFileSync(path.join(previewsDir, first.token, "public", "app-1.js"), "utf8");
    assert.equal(script, `__webpack_require__.p="/vorschau/${first.token}/";const n="neue Stimme";`);
    for (const preview of [first, second]) {
      const other = preview === first ? second : first;
      for (const file of filesUnder(path.join(previewsDir, preview.token))) {
        const text = readFileSync(file, "utf8");
        assert.ok(!text.includes(BUILD_TOKEN) && !text.includes(BUILD_NAME), `${file} still holds the stand-ins`);
        assert.ok(!text.includes(other.token), `${file} holds the other preview's token`);
      }
      assert.deepEqual(readFileSync(path.join(previewsDir, preview.token, "public", "static", "bild.jpg")), PICTURE);
      assert.equal(statSync(path.join(previewsDir, preview.token, "public", "verwaltung"), { throwIfNoEntry: false }), undefined);
    }
    for (const file of filesUnder(path.join(workDir, "public"))) {
      const text = readFileSync(file, "utf8");
      for (const token of [first.token, second.token]) assert.ok(!text.includes(token), `${file} holds a preview's token`);
      assert.ok(!/neue Stimme|pr-12/.test(text), `${file} holds a preview's name`);
    }
  });

  it("runs a background build's Gatsby below the server's priority", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)"], { stdio: "ignore" });
    try {
      runBelowServer(child);
      assert.equal(os.getPriority(child.pid), PREVIEW_BUILD_NICENESS);
    } finally {
      child.kill();
    }
  });

  it("builds in a folder whose node_modules link a deleted checkout left behind, linking this project's", async () => {
    symlinkSync(path.join(scratch, "gelöschte-kopie", "node_modules"), path.join(workDir, "node_modules"));
    await build("nach einer Kopie");
    assert.equal(readlinkSync(path.join(workDir, "node_modules")), path.join(projectDir, "node_modules"));
  });

  it("lays only the changed content files over the project's: the others stay the project's own files", async () => {
    await build("neue Stimme", "Ganz neu.");
    const project = statSync(path.join(projectDir, "content", "site.json"));
    const laid = statSync(path.join(workDir, "content", "site.json"));
    assert.equal(laid.ino, project.ino, "site.json is unchanged, so it stays linked with its times");
    assert.equal(
      statSync(path.join(workDir, "content", "images", "wald.jpg")).ino,
      statSync(path.join(projectDir, "content", "images", "wald.jpg")).ino,
    );
    assert.match(readFileSync(path.join(workDir, "content", "testimonials.json"), "utf8"), /Ganz neu/);
    assert.notEqual(
      statSync(path.join(workDir, "content", "testimonials.json")).ino,
      statSync(path.join(projectDir, "content", "testimonials.json")).ino,
    );
    assert.match(readFileSync(path.join(projectDir, "content", "testimonials.json"), "utf8"), /Wie gehabt/);
  });

  it("lets a second preview asked for while one builds wait for it instead of failing", async () => {
    const slow = standInSteps(200);
    const [first, second] = await Promise.all([build("eins", "Eins.", slow), build("zwei", "Zwei.", slow)]);
    assert.equal(builds.length, 2);
    assert.match(readFileSync(path.join(previewsDir, first.token, "public", "index.html"), "utf8"), /Eins\./);
    assert.match(readFileSync(path.join(previewsDir, second.token, "public", "index.html"), "utf8"), /Zwei\./);
  });

  it("starts the next build ahead after a preview only when asked to (the owner area), with the same environment", async () => {
    const ahead: NodeJS.ProcessEnv[] = [];
    const steps = { ...standInSteps(), standBy: (_dir: string, env: NodeJS.ProcessEnv) => void ahead.push(env) };
    await build("ohne", "Ohne.", steps);
    assert.equal(ahead.length, 0);
    await buildPreview({
      name: "mit",
      projectDir,
      contentDir: editedContent("Mit."),
      previewsDir,
      workDir,
      steps,
      keepWarm: true,
      log: () => undefined,
    });
    assert.deepEqual(ahead, [builds.at(-1)]);
    await warmPreviewBuild({ projectDir, workDir, steps, keepWarm: true });
    assert.deepEqual(ahead, [builds.at(-1), builds.at(-1)]);
  });

  it("leaves a folder warm from a build of the same code as it is, and warms it after a change of code or a failed build", async () => {
    const warmUp = () => warmPreviewBuild({ projectDir, workDir, steps: standInSteps() });
    assert.equal((await warmUp()).built, true);
    await build("erste", "Erste.");
    assert.equal(builds.length, 2);
    // The preview's edited content and a changed content file of the project change no code.
    assert.equal((await warmUp()).built, false);
    const testimonials = path.join(projectDir, "content", "testimonials.json");
    const published = readFileSync(testimonials, "utf8");
    write(testimonials, `[{ "text": "Neu veröffentlicht." }]\n`);
    assert.equal((await warmUp()).built, false);
    write(testimonials, published);
    assert.equal(builds.length, 2);
    // New code: a new file, then a changed one.
    const code = path.join(projectDir, "src", "neu.ts");
    write(code, "export const neu = 1;\n");
    try {
      assert.equal((await warmUp()).built, true);
      assert.equal((await warmUp()).built, false);
      write(code, "export const neu = 2;\n");
      assert.equal((await warmUp()).built, true);
      assert.equal(builds.length, 4);
      // A build that failed leaves the caches in doubt: the next warm-up builds.
      const failing = { ...standInSteps(), buildSite: () => Promise.reject(new ReleaseError("Gatsby fehlgeschlagen")) };
      await assert.rejects(build("kaputt", "Kaputt.", failing), /Gatsby fehlgeschlagen/);
      assert.equal((await warmUp()).built, true);
      // So does a folder whose output is gone.
      rmSync(path.join(workDir, "public"), { recursive: true });
      assert.equal((await warmUp()).built, true);
      assert.equal(builds.length, 6);
    } finally {
      rmSync(code);
    }
  });

  it("warms the build folder up as a preview builds, without making a preview, and a preview waits for it", async () => {
    const warming = warmPreviewBuild({ projectDir, workDir, steps: standInSteps(200) });
    const preview = build("danach", "Nach dem Aufwärmen.");
    assert.equal((await warming).built, true);
    await preview;
    assert.equal(builds.length, 2);
    assert.deepEqual(builds[0], builds[1]);
    // The warm-up below the server's priority, the preview somebody waits for at the server's own.
    assert.deepEqual(backgrounds, [true, false]);
    assert.deepEqual(
      listPreviews(previewsDir).map((info) => info.name),
      ["danach"],
    );
  });
});
