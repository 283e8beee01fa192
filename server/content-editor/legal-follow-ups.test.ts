/**
 * A changed phone number in the settings is a new version of every legal text that names it: the same
 * change carries their new „revised“ and fingerprint, so the content check passes; a setting no legal
 * text names carries nothing along.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { readFrontMatter } from "../../common/content/front-matter";
import { checkWithEdits } from "./check";
import { withLegalFollowUps } from "./legal-follow-ups";

const TODAY = "2026-12-05";

function contentCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "urkraft-follow-ups-"));
  cpSync(path.resolve("content"), path.join(dir, "content"), { recursive: true });
  return path.join(dir, "content");
}

const siteWith = (contentDir: string, change: (site: Record<string, unknown>) => void) => {
  const site = JSON.parse(readFileSync(path.join(contentDir, "site.json"), "utf8")) as Record<string, unknown>;
  change(site);
  return `${JSON.stringify(site, null, 2)}\n`;
};

test("a new phone number carries the legal texts that name it, with today's date and their new fingerprint", async () => {
  const contentDir = contentCopy();
  try {
    const settings = siteWith(contentDir, (site) => (site.phone = "+49 89 4520 7799"));
    const alone = await checkWithEdits(contentDir, new Map([["site.json", settings]]));
    assert.ok(
      alone.some((problem) => problem.message.includes("fingerprint")),
      "without the follow-ups the check asks for new fingerprints",
    );

    const edits = await withLegalFollowUps(contentDir, new Map([["site.json", settings]]), TODAY);
    const naming = ["agb", "datenschutz", "personenbezogene-daten"].filter((slug) =>
      readFileSync(path.join(contentDir, "legal", `${slug}.md`), "utf8").includes("{{phone}}"),
    );
    assert.deepEqual([...edits.keys()].sort(), ["site.json", ...naming.map((slug) => `legal/${slug}.md`)].sort());
    for (const slug of naming) {
      const before = readFrontMatter(readFileSync(path.join(contentDir, "legal", `${slug}.md`), "utf8"));
      const after = readFrontMatter(edits.get(`legal/${slug}.md`)!);
      assert.equal(after.data.revised, TODAY);
      assert.notEqual(after.data.fingerprint, before.data.fingerprint);
      assert.equal(after.content, before.content, "the words stay as they are");
      assert.equal(after.data.title, before.data.title);
    }
    assert.deepEqual(await checkWithEdits(contentDir, edits), []);
  } finally {
    rmSync(path.dirname(contentDir), { recursive: true, force: true });
  }
});

test("a setting no legal text names carries nothing along", async () => {
  const contentDir = contentCopy();
  try {
    const settings = siteWith(contentDir, (site) => (site.tagline = "Kraft aus guten Gewohnheiten, jeden Tag ein Stück"));
    const edits = await withLegalFollowUps(contentDir, new Map([["site.json", settings]]), TODAY);
    assert.deepEqual([...edits.keys()], ["site.json"]);
  } finally {
    rmSync(path.dirname(contentDir), { recursive: true, force: true });
  }
});
