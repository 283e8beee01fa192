import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { PageHero } from "../components/sections/PageHero";
import { TokenForm } from "../components/sections/TokenForm";
import { pageHead } from "../components/PageHead";
import { usePageCopy } from "../hooks/usePageCopy";
import { API_PATHS, ROUTES } from "../../common/routes";

/**
 * Where the unsubscribe link of every mail leads (GET /api/leads/unsubscribe): the button unsubscribes
 * (POST). Mail programs unsubscribe without this page, by the one-click POST of `List-Unsubscribe-Post`.
 */
export default function UnsubscribePage({ data, location }: PageProps<Queries.UnsubscribePageQuery>) {
  const copy = usePageCopy(ROUTES.unsubscribe, data.unsubscribePageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <TokenForm action={API_PATHS.unsubscribe} button={copy.button} search={location.search} />
        <p className="mt-6 max-w-xl text-base leading-relaxed text-cream-200">{copy.note}</p>
      </PageHero>
    </Layout>
  );
}

export const Head = pageHead<Queries.UnsubscribePageQuery>(ROUTES.unsubscribe, (data) => data.unsubscribePageCopy?.seo);

export const query = graphql`
  query UnsubscribePage {
    unsubscribePageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...HeroTextFields
      }
      button
      note
    }
  }
`;
