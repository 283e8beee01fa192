import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { PageHero } from "../components/sections/PageHero";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { StorySection } from "../components/sections/StorySection";
import { MovementPlan } from "../components/sections/MovementPlan";
import { TipsList } from "../components/sections/TipsList";
import { TestimonialsSection } from "../components/sections/TestimonialsSection";
import { CtaBanner } from "../components/sections/CtaBanner";
import { Disclaimer } from "../components/sections/Disclaimer";
import { fillCopy } from "../components/sections/fill-copy";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { useNotices } from "../hooks/useNotices";

export default function MovementPage({ data }: PageProps<Queries.MovementPageQuery>) {
  const site = useSiteSettings();
  const notices = useNotices();
  if (!data.movementPageCopy) throw new Error("content/pages/bewegung-alltag.json fehlt");
  const copy = fillCopy(data.movementPageCopy, site);
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <div className="mt-8">
          <InfoFormCta>{copy.heroButton}</InfoFormCta>
        </div>
      </PageHero>
      <StorySection {...copy.story} />
      <MovementPlan {...copy.plan} days={data.allMovementDay.nodes} />
      <TipsList {...copy.tips} />
      <TestimonialsSection
        intro={copy.testimonials}
        testimonials={data.allTestimonial.nodes}
        checkNote={notices.testimonialCheck}
        className="bg-cream-100"
      />
      <CtaBanner cta={copy.cta} />
      <Disclaimer text={notices.disclaimer} detail={notices.disclaimerDetail} />
    </Layout>
  );
}

export const Head: HeadFC<Queries.MovementPageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.movementPageCopy?.seo);
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} />;
};

export const query = graphql`
  query MovementPage {
    movementPageCopy {
      seo {
        title
        description
      }
      hero {
        ...PageHeroFields
      }
      heroButton
      story {
        kicker
        title
        paragraphs
      }
      plan {
        kicker
        title
        intro
        totalLabel
        note
      }
      tips {
        title
        items {
          title
          text
        }
      }
      testimonials {
        ...SectionIntroFields
      }
      cta {
        ...CallToActionFields
      }
    }
    allMovementDay(sort: { day: ASC }) {
      nodes {
        day
        activity
        duration
        benefit
      }
    }
    allTestimonial(filter: { topic: { eq: "bewegung" } }) {
      nodes {
        ...TestimonialFields
      }
    }
  }
`;
