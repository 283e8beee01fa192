/**
 * Set by `npm run deploy` for its Gatsby build: a release needs no TypeScript types, so the build neither
 * spends time on them nor writes src/gatsby-types.d.ts (not in git) into the tree it publishes.
 */
export const RELEASE_BUILD_ENV = "URKRAFT_RELEASE_BUILD";

/**
 * Set for a preview's Gatsby build started ahead of its click (server/release/build-preview.ts): the file that
 * lets the build go on once it holds the build's process id. Until then the build waits in onPreBootstrap,
 * with Gatsby loaded, its files compiled, its plugins loaded and the components' queries parsed, before it
 * reads any content.
 */
export const BUILD_GO_ENV = "URKRAFT_BUILD_GO";
