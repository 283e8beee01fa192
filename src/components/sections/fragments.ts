/** GraphQL fragments the page queries share (Gatsby collects fragments from every file under src/). */
import { graphql } from "gatsby";

export const sectionFragments = graphql`
  fragment PageHeroFields on PageHero {
    kicker
    title
    lead
    imageAlt
    image {
      childImageSharp {
        gatsbyImageData(
          width: 720
          layout: CONSTRAINED
          placeholder: DOMINANT_COLOR
          formats: [AUTO, AVIF, WEBP]
          sizes: "(min-width: 1024px) 560px, 100vw"
        )
      }
    }
  }
  fragment PageSeoFields on PageSeo {
    title
    description
  }
  fragment HeroTextFields on PageHero {
    kicker
    title
    lead
  }
  fragment TitledListFields on TitledList {
    title
    items {
      title
      text
    }
  }
  fragment LinkCardsFields on ThanksLinks {
    title
    items {
      to
      label
      text
    }
  }
  fragment SectionIntroFields on SectionIntro {
    kicker
    title
    intro
  }
  fragment CallToActionFields on CallToAction {
    title
    text
    button
  }
  fragment TestimonialFields on Testimonial {
    id
    name
    location
    rating
    text
    date
    dateFormatted: date(formatString: "DD.MM.YYYY")
  }
  fragment RecipeFields on Recipe {
    id
    title
    category
    servings
    ingredients
    steps
    time
    benefit
    caffeineMgPerLitre
    imageAlt
  }
`;
