import type { GatsbyConfig } from "gatsby";
import path from "node:path";
import { contentTypeName } from "./common/content/content-schema";
import { API_PREFIX, SITEMAP_EXCLUDES } from "./common/routes";
import { RELEASE_BUILD_ENV } from "./common/build-flags";
import { PATH_PREFIX_ENV } from "./common/preview";

/**
 * Nothing here reads content/: the site's address, name and texts come from content/site.json through
 * GraphQL (siteSettings), read after Gatsby has started. So a preview's build started ahead
 * (server/release/build-preview.ts) suits any change, site.json's included.
 */
const config: GatsbyConfig = {
  trailingSlash: "never",
  // A preview's build (server/release/build-preview.ts, with --prefix-paths): every link, page data file and
  // script starts with the preview's address.
  ...(process.env[PATH_PREFIX_ENV] ? { pathPrefix: process.env[PATH_PREFIX_ENV] } : {}),
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: process.env[RELEASE_BUILD_ENV] !== "1" },
  // `npm run develop`: the forms post to the Fastify server (npm start) on port 9000.
  proxy: [{ prefix: API_PREFIX, url: `http://127.0.0.1:${process.env.API_PORT ?? "9000"}` }],
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-preact",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: path.join(__dirname, "content"), ignore: ["**/emails/**", "**/schemas/**"] },
    },
    {
      resolve: "gatsby-transformer-json",
      options: {
        // The GraphQL type of each content file comes from the content table (common/content/content-schema.ts).
        typeName: ({ node }: { node: { relativePath: string } }) => contentTypeName(node.relativePath) ?? "UnknownContentJson",
      },
    },
    "gatsby-transformer-remark",
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: SITEMAP_EXCLUDES,
        // The address from content/site.json, as the pages have it (not from siteMetadata, see above).
        query: "{ siteSettings { siteUrl } allSitePage { nodes { path } } }",
        resolveSiteUrl: (data: { siteSettings: { siteUrl: string } }) => data.siteSettings.siteUrl,
      },
    },
  ],
};

export default config;
