import React from "react";
import { graphql, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { PageHero } from "../components/sections/PageHero";
import { PrinciplesGrid } from "../components/sections/PrinciplesGrid";
import { ResultsSection } from "../components/sections/ResultsSection";
import { DrinkFeature } from "../components/sections/DrinkFeature";
import { BeforeAfter } from "../components/sections/BeforeAfter";
import { TestimonialsSection } from "../components/sections/TestimonialsSection";
import { CtaBanner } from "../components/sections/CtaBanner";
import { Disclaimer } from "../components/sections/Disclaimer";
import { useNotices } from "../hooks/useNotices";
import { pageHead } from "../components/PageHead";
import { ROUTES } from "../../common/routes";
import { usePageCopy } from "../hooks/usePageCopy";

export default function NutritionPage({ data }: PageProps<Queries.NutritionPageQuery>) {
  const notices = useNotices();
  if (!data.recipe) throw new Error("content/recipes.json: kein Rezept mit der Kategorie „Drink“");
  const copy = usePageCopy(ROUTES.nutrition, data.nutritionPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} cta={copy.heroButton} />
      <PrinciplesGrid intro={copy.principles} principles={data.allPrinciple.nodes} />
      {/* The results after three months, as the specification places them: what participants do, each with its basis. */}
      <ResultsSection {...copy.results} results={data.allResult.nodes} />
      <DrinkFeature {...copy.drink} recipe={data.recipe} notices={notices} />
      <BeforeAfter {...copy.comparison} />
      <TestimonialsSection
        intro={copy.testimonials}
        testimonials={data.allTestimonial.nodes}
        checkNote={notices.testimonialCheck}
      />
      <CtaBanner cta={copy.cta} />
      <Disclaimer text={notices.disclaimer} detail={notices.disclaimerDetail} />
    </Layout>
  );
}

export const Head = pageHead<Queries.NutritionPageQuery>(ROUTES.nutrition, (data) => data.nutritionPageCopy?.seo);

export const query = graphql`
  query NutritionPage {
    nutritionPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      heroButton
      principles {
        ...SectionIntroFields
      }
      results {
        kicker
        title
        intro
        basisLabel
        basis
        evidence {
          surveyFrom
          surveyTo
          asked
          answers
        }
      }
      drink {
        kicker
        title
        intro
        stepsTitle
        ingredientsTitle
      }
      comparison {
        kicker
        title
        intro
        topicLabel
        beforeLabel
        afterLabel
        rows {
          topic
          before
          after
        }
      }
      testimonials {
        ...SectionIntroFields
      }
      cta {
        ...CallToActionFields
      }
    }
    allPrinciple {
      nodes {
        title
        description
        icon
      }
    }
    allResult {
      nodes {
        percent
        label
        question
      }
    }
    recipe(category: { eq: "Drink" }) {
      ...RecipeFields
      image {
        ...SectionImageFields
      }
    }
    allTestimonial(filter: { topic: { eq: "ernaehrung" } }) {
      nodes {
        ...TestimonialFields
      }
    }
  }
`;
