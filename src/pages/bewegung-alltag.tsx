import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { PageHero } from "../components/sections/PageHero";
import { StorySection } from "../components/sections/StorySection";
import { MovementPlan } from "../components/sections/MovementPlan";
import { TipsList } from "../components/sections/TipsList";
import { TestimonialsSection } from "../components/sections/TestimonialsSection";
import { CtaBanner } from "../components/sections/CtaBanner";
import { Disclaimer } from "../components/sections/Disclaimer";
import { useNotices } from "../hooks/useNotices";
import { pageHead } from "../components/PageHead";
import { ROUTES } from "../../common/routes";
import { usePageCopy } from "../hooks/usePageCopy";

export default function MovementPage({ data }: PageProps<Queries.MovementPageQuery>) {
  const notices = useNotices();
  const copy = usePageCopy(ROUTES.movement, data.movementPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} cta={copy.heroButton} />
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

export const Head = pageHead<Queries.MovementPageQuery>(ROUTES.movement, (data) => data.movementPageCopy?.seo);

export const query = graphql`
  query MovementPage {
    movementPageCopy {
      seo {
        ...PageSeoFields
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
