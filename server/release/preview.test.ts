/**
 * `npm run deploy -- --preview NAME` for real: a copy of this project (its own git repository) with an edited
 * testimonial is built by Gatsby into a preview while the running server answers live visitors; the server
 * serves the preview at its address (noindex, no shared cache, no cookie, the banner, links and page data
 * inside the preview), refuses its forms without storing anything, the same NAME replaces it at the same
 * address, `--list` shows it and `--remove` removes it. The live site stays as it was throughout.
 */
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { PREVIEW_BANNER_TITLE, PREVIEW_FORM_MESSAGE } from "../../common/preview";
import { API_PATHS } from "../../common/routes";
import { findFreePort, startServer, stopServer, type ServerProcess } from "../../rig/server-load/server-process";
import { openPglite } from "../db/pglite";
import { createSiteFixture, type SiteFixture } from "../test-support/site-fixture";
import { copyProjectFiles } from "../test-support/project-copy";
import { testPreviewBuildDir } from "../test-support/preview-build-dir";

const repoDir = path.resolve(__dirname, "../..");
const scratch = mkdtempSync(path.join(os.tmpdir(), "urkraft-preview-"));
const projectDir = path.join(scratch, "project");
const previewsDir = path.join(scratch, "previews");
const dataDir = path.join(scratch, "data");
// Kept between runs (Gatsby's cache), shared with the browser tests' previews.
const workDir = testPreviewBuildDir();
const NEW_TEXT = "Seit ich morgens zehn Minuten barfuß durch den Garten gehe, bin ich mittags wacher als früher.";

let server: ServerProcess;
let site: SiteFixture;

function deployCommand(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", "deploy", "--", ...args], {
      cwd: projectDir,
      env: { ...process.env, PREVIEWS_DIR: previewsDir, PREVIEW_BUILD_DIR: workDir, PREVIEW_ORIGIN: server.url, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("exit", (code) => resolve({ status: code ?? 1, stdout, stderr }));
  });
}

function editTestimonial(text: string): void {
  const file = path.join(projectDir, "content", "testimonials.json");
  const entries = JSON.parse(readFileSync(file, "utf8")) as { text: string }[];
  entries[0]!.text = text;
  writeFileSync(file, `${JSON.stringify(entries, null, 2)}\n`);
}

/** Live visitors while a preview builds: every answer must be a 200. */
function liveTraffic(origin: string) {
  let running = true;
  const failures: string[] = [];
  let requests = 0;
  const loop = (async () => {
    while (running) {
      const response = await fetch(`${origin}/`).catch((error: Error) => error);
      requests++;
      if (response instanceof Error) failures.push(response.message);
      else {
        if (response.status !== 200) failures.push(`Status ${response.status}`);
        await response.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { failures, requests };
    },
  };
}

before(async () => {
  // The project as a git repository of its own, from this working tree's files.
  copyProjectFiles(repoDir, projectDir);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: projectDir, stdio: "ignore" });
  git("init", "-q", "-b", "main");
  git("-c", "user.name=Test", "-c", "user.email=test@example.org", "add", "-A");
  git("-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-q", "-m", "Stand");
  site = await createSiteFixture();
  server = await startServer(await findFreePort(), {
    PUBLIC_DIR: site.dir,
    PREVIEWS_DIR: previewsDir,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SITE_URL: "",
    MAIL_WORKER: "false",
  });
});

after(async () => {
  if (server) await stopServer(server);
  await site?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe("npm run deploy -- --preview", () => {
  let address = "";

  it("builds the working tree into a preview while live visitors are served, and prints its address last", async () => {
    editTestimonial(NEW_TEXT);
    const traffic = liveTraffic(server.url);
    const result = await deployCommand(["--preview", "neue Stimme"]);
    const { failures, requests } = await traffic.stop();
    assert.equal(result.status, 0, result.stderr + result.stdout);
    address = result.stdout.trim().split("\n").at(-1)!;
    assert.match(address, new RegExp(`^${server.url}/vorschau/[A-Za-z0-9_-]{22}/$`));
    assert.deepEqual(failures, [], `${failures.length} of ${requests} live requests failed`);
    assert.ok(requests > 10, `only ${requests} live requests`);
    const live = await fetch(`${server.url}/`).then((response) => response.text());
    assert.doesNotMatch(live, /barfuß durch den Garten/);
  });

  it("serves the preview to anyone with the address: noindex, no shared cache, no cookie, the banner", async () => {
    const response = await fetch(address);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("x-robots-tag"), "noindex");
    assert.equal(response.headers.get("cache-control"), "private, no-store");
    assert.equal(response.headers.get("set-cookie"), null);
    const html = await response.text();
    assert.ok(html.includes(NEW_TEXT), "the edited testimonial is on the preview's start page");
    assert.ok(html.includes(PREVIEW_BANNER_TITLE));
    assert.match(html, /neue Stimme/);
    // Links, page data and scripts stay inside the preview.
    const prefix = new URL(address).pathname.replace(/\/$/, "");
    assert.ok(html.includes(`href="${prefix}/agb"`), "the footer links to the preview's AGB page");
    assert.doesNotMatch(html, /<script src="\/(?!vorschau\/)/);
    const page = await fetch(`${server.url}${prefix}/agb`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("x-robots-tag"), "noindex");
    assert.match(await page.text(), /AGB/);
    const pageData = await fetch(`${server.url}${prefix}/page-data/agb/page-data.json`);
    assert.equal(pageData.status, 200);
    assert.equal(pageData.headers.get("cache-control"), "private, no-store");
    const missing = await fetch(`${server.url}${prefix}/gibt-es-nicht`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("x-robots-tag"), "noindex");
    const unknown = await fetch(`${server.url}/vorschau/AAAAAAAAAAAAAAAAAAAAAA/`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get("cache-control"), "private, no-store");
  });

  it("refuses the preview's forms on the server with a German note, storing nothing and queuing no mail", async () => {
    const prefix = new URL(address).pathname.replace(/\/$/, "");
    const lead = await fetch(`${server.url}${prefix}${API_PATHS.leads}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ name: "Anna", email: "anna@example.org", consent: "true" }),
    });
    assert.equal(lead.status, 403);
    assert.equal(lead.headers.get("x-robots-tag"), "noindex");
    assert.deepEqual(await lead.json(), { error: PREVIEW_FORM_MESSAGE });
    const contact = await fetch(`${server.url}${prefix}${API_PATHS.contact}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: "name=Anna&email=anna%40example.org&message=Hallo+zusammen",
    });
    assert.equal(contact.status, 403);
    assert.match(await contact.text(), /Das ist eine Vorschau/);
  });

  it("replaces the preview at the same address when built again under the same name", async () => {
    editTestimonial("Zweite Fassung: die Treppe statt des Aufzugs, jeden Tag, und ich schlafe besser.");
    const result = await deployCommand(["--preview", "neue Stimme"]);
    assert.equal(result.status, 0, result.stderr + result.stdout);
    assert.equal(result.stdout.trim().split("\n").at(-1), address);
    const html = await fetch(address).then((response) => response.text());
    assert.match(html, /Zweite Fassung/);
    assert.ok(!html.includes(NEW_TEXT));
  });

  it("lists the preview with --list and removes it with --remove", async () => {
    const list = await deployCommand(["--list"], { RELEASES_DIR: path.join(scratch, "releases") });
    assert.equal(list.status, 0, list.stderr);
    assert.ok(list.stdout.includes(`neue Stimme`) && list.stdout.includes(address), list.stdout);
    const removed = await deployCommand(["--preview", "neue Stimme", "--remove"]);
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(removed.stdout, /Vorschau „neue Stimme“ entfernt/);
    assert.equal((await fetch(address)).status, 404);
  });

  it("stored no lead, no contact request and no mail from the preview", async () => {
    await stopServer(server);
    const db = await openPglite(dataDir);
    try {
      for (const table of ["leads", "contact_requests", "mail_outbox"]) {
        const { rows } = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
        assert.equal(rows[0]!.count, 0, table);
      }
    } finally {
      await db.close();
    }
  });
});
