/**
 * @jest-environment node
 *
 * A preview's build started ahead parses the components for their queries while it waits
 * (gatsby/build-standby.ts), from Gatsby's state as it is in onPreBootstrap: the plugins named by their folder
 * only (Gatsby adds `pluginFilepath` later, in sourceNodes).
 */
import path from "node:path";
import { parseQueriesAhead } from "../gatsby/build-standby";

const PROJECT = path.resolve(__dirname, "..");

describe("parseQueriesAhead", () => {
  it("finds the pages' queries with the plugins as onPreBootstrap sees them", async () => {
    const plugins = ["gatsby-plugin-image", "gatsby-source-filesystem"].map((name) => ({
      resolve: path.dirname(require.resolve(`${name}/package.json`)),
    }));
    const found = await parseQueriesAhead({
      program: { directory: PROJECT },
      flattenedPlugins: [...plugins, { resolve: PROJECT }],
    });
    // Every page of src/pages has its page query or the components' static queries.
    expect(found).toBeGreaterThan(10);
  }, 60_000);
});
