import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { PageHero } from "../components/sections/PageHero";
import { NextLinks } from "../components/sections/NextLinks";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { LinkedText } from "../components/sections/LinkedText";
import { pageHead } from "../components/PageHead";
import { usePageCopy } from "../hooks/usePageCopy";
import { ROUTES } from "../../common/routes";

/** Where the unsubscribe button of every mail's link page leads (POST /api/leads/unsubscribe). */
export default function UnsubscribedPage({ data }: PageProps<Queries.UnsubscribedPageQuery>) {
  const copy = usePageCopy(ROUTES.unsubscribed, data.unsubscribedPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} />
      <section aria-labelledby="abmeldung-details" className="py-14 sm:py-20">
        <div className="container-page grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
            <h2 id="abmeldung-details" className="text-2xl font-bold">
              {copy.data.title}
            </h2>
            <p className="mt-3 leading-relaxed text-bark-700">
              <LinkedText text={copy.data.text} />
            </p>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
            <h2 className="text-2xl font-bold">{copy.again.title}</h2>
            <p className="mt-3 leading-relaxed text-bark-700">{copy.again.text}</p>
            <InfoFormCta className="btn-primary mt-5">{copy.again.button}</InfoFormCta>
          </div>
        </div>
      </section>
      <NextLinks {...copy.links} />
    </Layout>
  );
}

export const Head = pageHead<Queries.UnsubscribedPageQuery>(ROUTES.unsubscribed, (data) => data.unsubscribedPageCopy?.seo);

export const query = graphql`
  query UnsubscribedPage {
    unsubscribedPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...HeroTextFields
      }
      data {
        title
        text
      }
      again {
        title
        text
        button
      }
      links {
        ...LinkCardsFields
      }
    }
  }
`;
