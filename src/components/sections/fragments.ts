/** GraphQL fragments the page queries share (Gatsby collects fragments from every file under src/). */
import { graphql } from "gatsby";

export const sectionFragments = graphql`
  fragment PageHeroFields on PageHero {
    kicker
    title
    lead
    imageAlt
    image {
      ...SectionImageFields
    }
  }
  # A picture beside text: full width on a phone, one of two columns from 1024 px. Besides 180 to 1440 px,
  # an 806-px file for the phones that need 721 to 806 (412 px at 1.75, 375 px at 2 device pixels per px).
  fragment SectionImageFields on File {
    childImageSharp {
      gatsbyImageData(
        width: 720
        layout: CONSTRAINED
        placeholder: DOMINANT_COLOR
        formats: [AUTO, AVIF, WEBP]
        outputPixelDensities: [0.25, 0.5, 1, 1.12, 2]
        sizes: "(min-width: 1024px) 560px, 100vw"
      )
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
  fragment NextStepsPageFields on NextStepsPage {
    seo {
      ...PageSeoFields
    }
    hero {
      ...HeroTextFields
    }
    steps {
      ...TitledListFields
    }
    links {
      ...LinkCardsFields
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
`;
