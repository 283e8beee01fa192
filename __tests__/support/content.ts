/** The real content files, for unit tests: components are tested with what editors actually wrote. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { useStaticQuery } from "gatsby";

export const CONTENT_DIR = path.join(__dirname, "..", "..", "content");

const copies: string[] = [];

/** A copy of the real content folder, for a test that changes a file in it; removeContentCopies() deletes them. */
export function contentCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-content-"));
  copies.push(dir);
  fs.cpSync(CONTENT_DIR, dir, { recursive: true });
  return dir;
}

/** A copy of the real content folder with one file changed by `change`. */
export function changedContent(file: string, change: (text: string) => string): string {
  const dir = contentCopy();
  const full = path.join(dir, file);
  fs.writeFileSync(full, change(fs.readFileSync(full, "utf8")));
  return dir;
}

export function removeContentCopies(): void {
  for (const dir of copies.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function readContent<T = unknown>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, file), "utf8")) as T;
}

/** Answers every useStaticQuery as the build would, from content/site.json and a fixed build day. */
export function provideStaticQueries(buildDay = "2026-11-21") {
  const siteSettings = readContent("site.json");
  (useStaticQuery as jest.Mock).mockImplementation(() => ({ siteSettings, buildDay: { date: buildDay } }));
  return siteSettings as Queries.SiteSettingsQuery["siteSettings"] & object;
}
