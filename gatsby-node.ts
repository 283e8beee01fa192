import path from "node:path";
import type { GatsbyNode } from "gatsby";
import { contentProblems } from "./src/content/read-content";
import { legalPageProblems } from "./src/content/legal-pages";
import { emailTemplateProblems } from "./server/mail/templates";
import { contentTypeDefs } from "./src/content/graphql-types";

const CONTENT_DIR = path.join(__dirname, "content");

/** A broken content file stops the build with one message naming file, entry and field. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const problems = [...contentProblems(CONTENT_DIR), ...legalPageProblems(CONTENT_DIR), ...emailTemplateProblems(CONTENT_DIR)];
  if (problems.length > 0) {
    reporter.panic(`Fehler in den Inhaltsdateien:\n${problems.map((p) => `  • ${p}`).join("\n")}`);
  }
};

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefs);
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
};
