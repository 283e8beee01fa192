import React from "react";
import { graphql, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import { RecipesJsonLd } from "../seo/RecipesJsonLd";
import { PageHero } from "../components/sections/PageHero";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { RecipeGrid } from "../components/sections/RecipeGrid";
import { CtaBanner } from "../components/sections/CtaBanner";
import { Disclaimer } from "../components/sections/Disclaimer";
import { fillCopy } from "../components/sections/fill-copy";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { useNotices } from "../hooks/useNotices";

export default function RecipesPage({ data }: PageProps<Queries.RecipesPageQuery>) {
  const site = useSiteSettings();
  const notices = useNotices();
  if (!data.recipesPageCopy) throw new Error("content/pages/gesunde-rezepte.json fehlt");
  const copy = fillCopy(data.recipesPageCopy, site);
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <div className="mt-8">
          <InfoFormCta>{copy.heroButton}</InfoFormCta>
        </div>
      </PageHero>
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
        title
        description
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
              outputPixelDensities: [0.5, 0.75, 1, 1.5, 2]
              sizes: "(min-width: 1024px) 270px, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)"
            )
          }
        }
      }
    }
  }
`;
