/**
 * Set by `npm run deploy` for its Gatsby build: a release needs no TypeScript types, so the build neither
 * spends time on them nor writes src/gatsby-types.d.ts into the tree it publishes.
 */
export const RELEASE_BUILD_ENV = "URKRAFT_RELEASE_BUILD";
