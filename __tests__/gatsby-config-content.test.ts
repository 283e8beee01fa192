/**
 * @jest-environment node
 *
 * gatsby-config.ts reads no content: a preview's build started ahead (server/release/build-preview.ts) has
 * loaded it before the click, so whatever it read then would be stale for a change to that file.
 */
import fs from "node:fs";
import path from "node:path";

const CONTENT = `${path.resolve(__dirname, "..", "content")}${path.sep}`;

describe("gatsby-config.ts", () => {
  it("reads no file under content/ when Gatsby loads it", () => {
    const read: string[] = [];
    const readFileSync = fs.readFileSync;
    const spy = jest.spyOn(fs, "readFileSync").mockImplementation(((file: fs.PathOrFileDescriptor, ...rest: never[]) => {
      read.push(String(file));
      return readFileSync(file, ...rest);
    }) as typeof fs.readFileSync);
    try {
      jest.isolateModules(() => {
        require("../gatsby-config");
      });
    } finally {
      spy.mockRestore();
    }
    expect(read.filter((file) => path.resolve(file).startsWith(CONTENT))).toEqual([]);
  });

  it("gives the sitemap the site's address from content/site.json through GraphQL", () => {
    let config: typeof import("../gatsby-config").default | undefined;
    jest.isolateModules(() => {
      config = (require("../gatsby-config") as typeof import("../gatsby-config")).default;
    });
    const sitemap = config!.plugins!.find(
      (plugin) => typeof plugin === "object" && plugin.resolve === "gatsby-plugin-sitemap",
    ) as unknown as { options: { query: string; resolveSiteUrl: (data: unknown) => string } };
    expect(sitemap.options.query).toContain("siteSettings { siteUrl }");
    expect(sitemap.options.resolveSiteUrl({ siteSettings: { siteUrl: "https://urkraft.de" } })).toBe("https://urkraft.de");
  });
});
