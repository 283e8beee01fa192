/** The real content files, for unit tests: components are tested with what editors actually wrote. */
import fs from "node:fs";
import path from "node:path";
import { useStaticQuery } from "gatsby";

export const CONTENT_DIR = path.join(__dirname, "..", "..", "content");

export function readContent<T = unknown>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, file), "utf8")) as T;
}

/** Answers every useStaticQuery as the build would, from content/site.json and a fixed build time. */
export function provideStaticQueries(buildTime = "2026-11-21T08:00:00.000Z") {
  const siteSettings = readContent("site.json");
  (useStaticQuery as jest.Mock).mockImplementation(() => ({ siteSettings, site: { buildTime } }));
  return siteSettings as Queries.SiteSettingsQuery["siteSettings"] & object;
}
