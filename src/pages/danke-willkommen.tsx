import React, { useEffect } from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { pageHead } from "../components/PageHead";
import { PageHero } from "../components/sections/PageHero";
import { NextSteps } from "../components/sections/NextSteps";
import { NextLinks } from "../components/sections/NextLinks";
import { usePageCopy } from "../hooks/usePageCopy";
import { ROUTES } from "../routes";

export default function ThankYouPage({ data }: PageProps<Queries.ThanksPageQuery>) {
  // The forms send the visitor here from far down a page: start at the top.
  useEffect(() => window.scrollTo({ top: 0, left: 0 }), []);
  const copy = usePageCopy(ROUTES.thanks, data.thanksPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} />
      <NextSteps {...copy.steps} />
      <NextLinks {...copy.links} />
    </Layout>
  );
}

export const Head = pageHead<Queries.ThanksPageQuery>(ROUTES.thanks, (data) => data.thanksPageCopy?.seo);

export const query = graphql`
  query ThanksPage {
    thanksPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...HeroTextFields
      }
      steps {
        ...TitledListFields
      }
      links {
        ...LinkCardsFields
      }
    }
  }
`;
