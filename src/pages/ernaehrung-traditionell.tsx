import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { PageHero } from "../components/sections/PageHero";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { PrinciplesGrid } from "../components/sections/PrinciplesGrid";
import { ResultsSection } from "../components/sections/ResultsSection";
import { DrinkFeature } from "../components/sections/DrinkFeature";
import { BeforeAfter } from "../components/sections/BeforeAfter";
import { TestimonialsSection } from "../components/sections/TestimonialsSection";
import { CtaBanner } from "../components/sections/CtaBanner";
import { Disclaimer } from "../components/sections/Disclaimer";
import { fillCopy } from "../components/sections/fill-copy";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { useNotices } from "../hooks/useNotices";

export default function NutritionPage({ data }: PageProps<Queries.NutritionPageQuery>) {
  const site = useSiteSettings();
  const notices = useNotices();
  if (!data.nutritionPageCopy) throw new Error("content/pages/ernaehrung-traditionell.json fehlt");
  if (!data.recipe) throw new Error("content/recipes.json: kein Rezept mit der Kategorie „Drink“");
  const copy = fillCopy(data.nutritionPageCopy, site);
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <div className="mt-8">
          <InfoFormCta>{copy.heroButton}</InfoFormCta>
        </div>
      </PageHero>
      <PrinciplesGrid intro={copy.principles} principles={data.allPrinciple.nodes} />
      <ResultsSection
        {...copy.results}
        results={data.allResult.nodes}
        weekTwoPercent={site.stats.weekTwoPercent}
        weekTwoBasis={site.stats.weekTwoBasis}
      />
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

export const Head: HeadFC<Queries.NutritionPageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.nutritionPageCopy?.seo);
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} />;
};

export const query = graphql`
  query NutritionPage {
    nutritionPageCopy {
      seo {
        title
        description
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
        weekTwoLabel
        weekTwoText
        basisLabel
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
        basis
      }
    }
    recipe(category: { eq: "Drink" }) {
      ...RecipeFields
      image {
        childImageSharp {
          gatsbyImageData(
            width: 720
            layout: CONSTRAINED
            placeholder: DOMINANT_COLOR
            formats: [AUTO, AVIF, WEBP]
            sizes: "(min-width: 1024px) 540px, 100vw"
          )
        }
      }
    }
    allTestimonial(filter: { topic: { eq: "ernaehrung" } }) {
      nodes {
        ...TestimonialFields
      }
    }
  }
`;
