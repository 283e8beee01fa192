import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { pageHead } from "../components/PageHead";
import { PageHero } from "../components/sections/PageHero";
import { NextSteps } from "../components/sections/NextSteps";
import { NextLinks } from "../components/sections/NextLinks";
import { usePageCopy } from "../hooks/usePageCopy";
import { ROUTES } from "../routes";

/** Where the confirmation button of the double opt-in leads (POST /api/leads/confirm). */
export default function SignupConfirmedPage({ data }: PageProps<Queries.SignupConfirmedPageQuery>) {
  const { hero, steps, links } = usePageCopy(ROUTES.signupConfirmed, data.signupConfirmedPageCopy);
  return (
    <Layout>
      <PageHero hero={hero} />
      <NextSteps {...steps} />
      <NextLinks {...links} />
    </Layout>
  );
}

export const Head = pageHead<Queries.SignupConfirmedPageQuery>(
  ROUTES.signupConfirmed,
  (data) => data.signupConfirmedPageCopy?.seo,
);

export const query = graphql`
  query SignupConfirmedPage {
    signupConfirmedPageCopy {
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
