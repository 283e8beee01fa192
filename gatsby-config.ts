import type { GatsbyConfig } from "gatsby";
import path from "node:path";
import { readSiteSettings } from "./src/content/read-content";

const site = readSiteSettings(path.join(__dirname, "content"));

/** JSON file name → GraphQL type, so the schema in gatsby-node.ts names what editors see as files. */
const JSON_TYPES: Record<string, string> = {
  site: "SiteSettings",
  testimonials: "Testimonial",
  recipes: "Recipe",
  "movement-plan": "MovementDay",
  principles: "Principle",
  faq: "Faq",
  results: "Result",
  notices: "Notices",
};

/** content/pages/<route>.json → the type of that page's copy. */
const PAGE_COPY_TYPES: Record<string, string> = {
  home: "HomePageCopy",
  "bewegung-alltag": "MovementPageCopy",
  "ernaehrung-traditionell": "NutritionPageCopy",
  "gesunde-rezepte": "RecipesPageCopy",
  "kontakt-unterstuetzung": "ContactPageCopy",
  "danke-willkommen": "ThanksPageCopy",
  "anmeldung-bestaetigen": "ConfirmSignupPageCopy",
  abmelden: "UnsubscribePageCopy",
};

const config: GatsbyConfig = {
  siteMetadata: {
    title: site.brand,
    description: site.description,
    siteUrl: site.siteUrl,
  },
  trailingSlash: "never",
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  // `npm run develop`: the forms post to the Fastify server (npm start) on port 9000.
  proxy: [{ prefix: "/api", url: `http://127.0.0.1:${process.env.API_PORT ?? "9000"}` }],
  plugins: [
    "gatsby-plugin-postcss",
    "gatsby-plugin-preact",
    "gatsby-plugin-image",
    "gatsby-plugin-sharp",
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: path.join(__dirname, "content"), ignore: ["**/emails/**"] },
    },
    {
      resolve: "gatsby-transformer-json",
      options: {
        typeName: ({ node }: { node: { name: string; relativeDirectory: string } }) =>
          (node.relativeDirectory === "pages" ? PAGE_COPY_TYPES[node.name] : JSON_TYPES[node.name]) ?? "UnknownContentJson",
      },
    },
    "gatsby-transformer-remark",
    {
      resolve: "gatsby-plugin-sitemap",
      options: {
        excludes: [
          "/danke-willkommen",
          "/anmeldung-bestaetigen",
          "/anmeldung-bestaetigt",
          "/abmelden",
          "/abmeldung-bestaetigt",
          "/link-ungueltig",
          "/404",
          "/404.html",
          "/dev-404-page",
        ],
      },
    },
  ],
};

export default config;
