import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { FaqPageJsonLd } from "../seo/FaqPageJsonLd";
import { PageHero } from "../components/sections/PageHero";
import { ContactDetails } from "../components/sections/ContactDetails";
import { FaqList } from "../components/sections/FaqList";
import { TrustNotes } from "../components/sections/TrustNotes";
import { ContactForm } from "../forms/ContactForm";
import { usePageCopy } from "../hooks/usePageCopy";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { ROUTES } from "../../common/routes";

export default function ContactPage({ data }: PageProps<Queries.ContactPageQuery>) {
  const site = useSiteSettings();
  const copy = usePageCopy(ROUTES.contact, data.contactPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} />
      <div className="container-page grid gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_1.15fr] lg:gap-16">
        <div className="grid content-start gap-12">
          <ContactDetails
            email={{ ...copy.email, address: site.email }}
            postal={{ title: copy.address.title, company: site.legal.company, ...site.address }}
            hours={{ ...copy.hours, rows: site.openingHours }}
          />
          <FaqList title={copy.faq.title} faqs={data.allFaq.nodes} />
        </div>
        <section aria-labelledby="nachricht-title" className="content-start">
          <div className="card rounded-3xl p-6 shadow-lg sm:p-8">
            <h2 id="nachricht-title" className="text-2xl font-bold sm:text-3xl">
              {copy.form.title}
            </h2>
            <p className="muted mt-3">{copy.form.intro}</p>
            <div className="mt-6">
              <ContactForm />
            </div>
          </div>
          <TrustNotes items={copy.trust} />
        </section>
      </div>
    </Layout>
  );
}

export const Head: HeadFC<Queries.ContactPageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.contactPageCopy?.seo);
  return (
    <Seo title={seo.title} description={seo.description} pathname={location.pathname}>
      <FaqPageJsonLd entries={data.allFaq.nodes} pathname={location.pathname} />
    </Seo>
  );
};

export const query = graphql`
  query ContactPage {
    contactPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...HeroTextFields
      }
      email {
        title
        note
      }
      address {
        title
      }
      hours {
        title
        note
      }
      faq {
        title
      }
      form {
        title
        intro
      }
      trust {
        title
        text
      }
    }
    allFaq {
      nodes {
        question
        answer
      }
    }
  }
`;
