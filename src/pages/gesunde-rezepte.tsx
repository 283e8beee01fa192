import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { RecipesJsonLd } from "../seo/RecipesJsonLd";
import { PageHero } from "../components/sections/PageHero";
import { RecipeGrid } from "../components/sections/RecipeGrid";
import { CtaBanner } from "../components/sections/CtaBanner";
import { Disclaimer } from "../components/sections/Disclaimer";
import { useNotices } from "../hooks/useNotices";
import { usePageCopy } from "../hooks/usePageCopy";
import { ROUTES } from "../../common/routes";

export default function RecipesPage({ data }: PageProps<Queries.RecipesPageQuery>) {
  const notices = useNotices();
  const copy = usePageCopy(ROUTES.recipes, data.recipesPageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero} cta={copy.heroButton} />
      <RecipeGrid intro={copy.grid} labels={copy.grid} recipes={data.allRecipe.nodes} notices={notices} />
      <CtaBanner cta={copy.cta} />
      <Disclaimer text={notices.disclaimer} detail={notices.disclaimerDetail} />
    </Layout>
  );
}

export const Head: HeadFC<Queries.RecipesPageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.recipesPageCopy?.seo);
  return (
    <Seo title={seo.title} description={seo.description} pathname={location.pathname}>
      <RecipesJsonLd recipes={data.allRecipe.nodes} />
    </Seo>
  );
};

export const query = graphql`
  query RecipesPage {
    recipesPageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      heroButton
      grid {
        kicker
        title
        intro
        ingredientsLabel
        stepsLabel
        timeLabel
        servingsLabel
      }
      cta {
        ...CallToActionFields
      }
    }
    allRecipe {
      nodes {
        ...RecipeFields
        image {
          childImageSharp {
            gatsbyImageData(
              width: 480
              aspectRatio: 1.3333
              layout: CONSTRAINED
              placeholder: DOMINANT_COLOR
              formats: [AUTO, AVIF, WEBP]
              # Flat artwork on a card: AVIF at 40 looks the same as at the default 50 and weighs a third
              # less; a phone loads the first four cards while the hero is still being painted.
              avifOptions: { quality: 40 }
              outputPixelDensities: [0.5, 0.75, 1, 1.5, 2]
              sizes: "(min-width: 1024px) 270px, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)"
            )
          }
        }
      }
    }
  }
`;
