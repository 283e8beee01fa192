import React, { useEffect } from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { PageHero } from "../components/sections/PageHero";
import { NextSteps } from "../components/sections/NextSteps";
import { NextLinks } from "../components/sections/NextLinks";
import { fillCopy } from "../components/sections/fill-copy";
import { useSiteSettings } from "../hooks/useSiteSettings";

export default function ThankYouPage({ data }: PageProps<Queries.ThanksPageQuery>) {
  const site = useSiteSettings();
  // The forms send the visitor here from far down a page: start at the top.
  useEffect(() => window.scrollTo({ top: 0, left: 0 }), []);
  if (!data.thanksPageCopy) throw new Error("content/pages/danke-willkommen.json fehlt");
  const copy = fillCopy(data.thanksPageCopy, site);
  return (
    <Layout>
      <PageHero hero={copy.hero} />
      <NextSteps {...copy.steps} />
      <NextLinks {...copy.links} />
    </Layout>
  );
}

export const Head: HeadFC<Queries.ThanksPageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.thanksPageCopy?.seo);
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} noindex />;
};

export const query = graphql`
  query ThanksPage {
    thanksPageCopy {
      seo {
        title
        description
      }
      hero {
        kicker
        title
        lead
      }
      steps {
        title
        items {
          title
          text
        }
      }
      links {
        title
        items {
          to
          label
          text
        }
      }
    }
  }
`;
