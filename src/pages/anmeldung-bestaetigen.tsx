import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { PageHero } from "../components/sections/PageHero";
import { NextSteps } from "../components/sections/NextSteps";
import { TokenForm } from "../components/sections/TokenForm";
import { fillCopy } from "../components/sections/fill-copy";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { pageHead } from "../components/PageHead";
import { API_PATHS, ROUTES } from "../../common/routes";

/**
 * Where the confirmation link leads (GET /api/leads/confirm): opening the link confirms nothing, since
 * mail scanners open every link; only this page's button does (POST /api/leads/confirm).
 */
export default function ConfirmSignupPage({ data, location }: PageProps<Queries.ConfirmSignupPageQuery>) {
  const site = useSiteSettings();
  if (!data.confirmSignupPageCopy || !data.siteSettings) throw new Error("content/pages/anmeldung-bestaetigen.json fehlt");
  const copy = fillCopy(data.confirmSignupPageCopy, { ...site, planMailTime: data.siteSettings.planMailTime });
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <TokenForm action={API_PATHS.confirm} button={copy.button} search={location.search} />
        <p className="mt-6 max-w-xl text-base leading-relaxed text-cream-200">{copy.note}</p>
      </PageHero>
      <NextSteps {...copy.steps} />
    </Layout>
  );
}

export const Head = pageHead<Queries.ConfirmSignupPageQuery>(ROUTES.confirmSignup, (data) => data.confirmSignupPageCopy?.seo);

export const query = graphql`
  query ConfirmSignupPage {
    siteSettings {
      planMailTime
    }
    confirmSignupPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...HeroTextFields
      }
      button
      steps {
        ...TitledListFields
      }
      note
    }
  }
`;
