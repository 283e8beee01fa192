import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { PageHero } from "../components/sections/PageHero";
import { LinkedText } from "../components/sections/LinkedText";
import { pageHead } from "../components/PageHead";
import { usePageCopy } from "../hooks/usePageCopy";
import { ROUTES } from "../../common/routes";

/** Where an unknown, used or expired confirmation or unsubscribe link lands. */
export default function InvalidLinkPage({ data }: PageProps<Queries.InvalidLinkPageQuery>) {
  const copy = usePageCopy(ROUTES.invalidLink, data.invalidLinkPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} cta={copy.heroButton} />
      <section aria-labelledby="gruende-title" className="py-14 sm:py-20">
        <div className="container-page">
          <h2 id="gruende-title" className="text-3xl font-bold sm:text-4xl">
            {copy.reasons.title}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {copy.reasons.items.map((reason) => (
              <li key={reason.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-cream-200 sm:p-7">
                <h3 className="text-xl font-bold">{reason.title}</h3>
                <p className="mt-2 leading-relaxed text-bark-700">{reason.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 max-w-3xl text-lg leading-relaxed text-bark-700">
            <LinkedText text={copy.unsubscribeHelp} />
          </p>
        </div>
      </section>
    </Layout>
  );
}

export const Head = pageHead<Queries.InvalidLinkPageQuery>(ROUTES.invalidLink, (data) => data.invalidLinkPageCopy?.seo);

export const query = graphql`
  query InvalidLinkPage {
    invalidLinkPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...HeroTextFields
      }
      heroButton
      reasons {
        title
        items {
          title
          text
        }
      }
      unsubscribeHelp
    }
  }
`;
