import React from "react";
import { graphql, withPrefix, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHeading } from "../components/PageHeading";
import { LastUpdated } from "../components/LastUpdated";
import { ImpressumDetails } from "../components/ImpressumDetails";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { revisedDate } from "../../common/content/revised-date";

/** Links of the Markdown to pages of the site stay inside a preview (Gatsby prefixes only its own links). */
function prefixLinks(html: string): string {
  const prefix = withPrefix("/");
  return prefix === "/" ? html : html.replace(/href="\/(?!\/)/g, `href="${prefix}`);
}

/** Datenschutz, personenbezogene Daten, AGB and Impressum: Markdown from content/legal/. */
export default function LegalPage({ data }: PageProps<Queries.LegalPageQuery>) {
  const site = useSiteSettings();
  const page = data.markdownRemark;
  if (!page) return null;
  return (
    <Layout>
      <PageHeading kicker="Rechtliches" title={page.frontmatter.title} />
      <article className="container-page max-w-3xl py-12">
        <LastUpdated revised={revisedDate(page.frontmatter.revised)} />
        {page.frontmatter.slug === "impressum" && <ImpressumDetails site={site} />}
        <div
          className="prose-legal mt-6"
          // Built by gatsby-node.ts (safeHtml): only the allowed elements, the values of site.json filled in.
          dangerouslySetInnerHTML={{ __html: prefixLinks(page.safeHtml) }}
        />
      </article>
    </Layout>
  );
}

export const Head: HeadFC<Queries.LegalPageQuery> = ({ data, location }) => (
  <Seo
    title={data.markdownRemark?.frontmatter.title ?? ""}
    description={data.markdownRemark?.frontmatter.description ?? ""}
    pathname={location.pathname}
  />
);

export const query = graphql`
  query LegalPage($id: String!) {
    markdownRemark(id: { eq: $id }) {
      safeHtml
      frontmatter {
        title
        slug
        description
        revised
      }
    }
  }
`;
