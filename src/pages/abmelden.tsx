import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { PageHero } from "../components/sections/PageHero";
import { TokenForm } from "../components/sections/TokenForm";
import { fillCopy } from "../components/sections/fill-copy";
import { useSiteSettings } from "../hooks/useSiteSettings";

/**
 * Where the unsubscribe link of every mail leads (GET /api/leads/unsubscribe): the button unsubscribes
 * (POST). Mail programs unsubscribe without this page, by the one-click POST of `List-Unsubscribe-Post`.
 */
export default function UnsubscribePage({ data, location }: PageProps<Queries.UnsubscribePageQuery>) {
  const site = useSiteSettings();
  if (!data.unsubscribePageCopy) throw new Error("content/pages/abmelden.json fehlt");
  const copy = fillCopy(data.unsubscribePageCopy, site);
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <TokenForm action="/api/leads/unsubscribe" button={copy.button} search={location.search} />
        <p className="mt-6 max-w-xl text-base leading-relaxed text-cream-200">{copy.note}</p>
      </PageHero>
    </Layout>
  );
}

export const Head: HeadFC<Queries.UnsubscribePageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.unsubscribePageCopy?.seo);
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} noindex />;
};

export const query = graphql`
  query UnsubscribePage {
    unsubscribePageCopy {
      seo {
        title
        description
      }
      hero {
        kicker
        title
        lead
      }
      button
      note
    }
  }
`;
