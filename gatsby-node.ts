import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { BUILD_GO_ENV } from "./common/build-flags";
import { CONTENT_CHECKED_ENV, allContentProblems, problemReport } from "./common/content/content-check";
import { contentTypeDefs } from "./common/content/graphql-types";
import { legalMarkdownHtml } from "./common/content/legal-html";
import { legalValues } from "./common/content/image-credits";
import { finishBuiltPages } from "./gatsby/after-load";
import { type GatsbyStateAtStart, waitToGo } from "./gatsby/build-standby";
import { isoGermanDate } from "./src/german-date";
import { keepProcessedPictures } from "./gatsby/picture-cache";
import { experimentsToBuild, finishVariantPages, variantPages } from "./gatsby/experiment-pages";

const CONTENT_DIR = path.join(__dirname, "content");

/** Pictures encoded by an earlier build, in any folder, are copied instead of encoded again (gatsby/picture-cache.ts). */
export const onPreInit: GatsbyNode["onPreInit"] = async ({ reporter }) => {
  const note = await keepProcessedPictures();
  if (note) reporter.warn(note);
};

/**
 * A preview's build started ahead waits for its go here (gatsby/build-standby.ts). A broken content file stops
 * the build with one message naming file, entry and field (unless `npm run deploy` just checked).
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = async ({ reporter, store }) => {
  const go = process.env[BUILD_GO_ENV];
  if (go) await waitToGo(go, store.getState() as GatsbyStateAtStart, (message) => reporter.warn(message));
  if (process.env[CONTENT_CHECKED_ENV] === "1") return;
  const problems = allContentProblems(CONTENT_DIR);
  if (problems.length > 0) reporter.panic(problemReport(problems));
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs);
  actions.createTypes("type BuildDay implements Node @dontInfer { date: String! }");
};

/**
 * A legal page's HTML as the page shows it (common/content/legal-html.ts): the text read by the project's one
 * Markdown reader (the mails' and the editor preview's), with the values of content/site.json and the
 * photos' credits (common/content/image-credits.ts) filled in, and nothing but the allowed elements and links.
 * Made here, at build time, so the pages never pass on markup a text brought along.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    MarkdownRemark: {
      safeHtml: {
        type: "String!",
        async resolve(source: { rawMarkdownBody?: unknown }, _args: unknown, context: ResolverContext) {
          const site = await context.nodeModel.findOne({ type: "SiteSettings", query: {} });
          const credits = (await context.nodeModel.findOne({ type: "ImageCredits", query: {} })) as { images?: [] } | null;
          const body = typeof source.rawMarkdownBody === "string" ? source.rawMarkdownBody : "";
          return legalMarkdownHtml(body, legalValues(site ?? {}, credits));
        },
      },
    },
  });
};

interface ResolverContext {
  nodeModel: { findOne(args: { type: string; query: object }): Promise<unknown> };
}

/**
 * The day of the build in Germany, for the date the HTML carries until the visitor's own replaces it
 * (src/hooks/useToday.ts). A day rather than Gatsby's site.buildTime, which changes with every build and
 * so made every page's HTML be rendered again; this way a content change re-renders only its pages.
 */
export const sourceNodes: GatsbyNode["sourceNodes"] = ({ actions, createNodeId, createContentDigest }) => {
  const date = isoGermanDate(new Date());
  actions.createNode({
    id: createNodeId("build-day"),
    date,
    internal: { type: "BuildDay", contentDigest: createContentDigest(date) },
  });
};

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.LegalSlugsQuery>(`
    query LegalSlugs {
      allMarkdownRemark(filter: { fileAbsolutePath: { regex: "/content/legal/" } }) {
        nodes {
          id
          frontmatter {
            slug
          }
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panic("Die Rechtstexte konnten nicht geladen werden.", result.errors);
    return;
  }
  for (const node of result.data.allMarkdownRemark.nodes) {
    actions.createPage({
      path: `/${node.frontmatter.slug}`,
      component: path.resolve("src/templates/legal-page.tsx"),
      context: { id: node.id },
    });
  }
  // Each variant of a running experiment as a page of its own (gatsby/experiment-pages.ts).
  for (const page of variantPages(experimentsToBuild(CONTENT_DIR, isoGermanDate(new Date())), path.resolve("src/pages")))
    actions.createPage(page);
};

/** The pages' scripts start after `load` (gatsby/after-load.ts). */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter }) => {
  const variants = finishVariantPages(path.join(__dirname, "public"), experimentsToBuild(CONTENT_DIR, isoGermanDate(new Date())));
  if (variants > 0) reporter.info(`Experimente: ${variants} Varianten-Seiten`);
  const pages = await finishBuiltPages(path.join(__dirname, "public"));
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  reporter.info(
    `Skripte nach dem Laden: ${pages.deferred} Seiten; Inline-CSS je Seite zugeschnitten: ${kb(pages.cssBefore)} → ${kb(pages.cssAfter)}`,
  );
};
