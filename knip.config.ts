import type { KnipConfig } from "knip";

/** Unused files, exports and packages (`npm run check:unused`, part of `npm run lint`). */
const config: KnipConfig = {
  entry: [
    "gatsby-*.{ts,tsx}",
    "src/pages/**/*.{ts,tsx}",
    "src/templates/**/*.{ts,tsx}",
    // Gatsby reads the fragments of every file in src/; nothing imports this one.
    "src/components/sections/fragments.ts",
    "src/owner/main.tsx",
    // server/index.ts and server/cli.ts come from package.json's scripts.
    "scripts/*.{ts,mjs}",
    "rig/*.ts",
    "rig/bench/webhooks.ts",
    // Loaded with `node --import` by rig/bench/server.ts.
    "rig/bench/memory-probe.mjs",
    // Served as they are, by their address.
    "static/**/*.js",
    "e2e/**/*.ts",
    "__tests__/**/*.{ts,tsx}",
    "{common,src,gatsby,server,scripts,rig,tools}/**/*.test.{ts,tsx}",
  ],
  project: ["**/*.{ts,tsx,js,mjs,cjs,css}"],
  // CSS: only its imports (tailwindcss in src/styles/global.css).
  compilers: { css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join("\n") },
  ignoreExportsUsedInFile: true,
  // @rjsf/core's bundles import it (getTestRegistry), though its package.json lists it only for development.
  ignoreDependencies: ["@rjsf/validator-ajv8"],
  // Programs of the system that tests and benchmarks call, not packages.
  ignoreBinaries: ["flock", "psql", "mount", "umount"],
  // The esbuild entry of `npm run build:server`, which server/test-support/release-fixture.ts runs in another folder.
  ignoreUnresolved: ["server/index.ts"],
  ignoreIssues: {
    // The content editor's files, changed in their own step: OWNER_API_PREFIX (exported, imported nowhere).
    "common/owner/schemas.ts": ["exports"],
  },
};

export default config;
