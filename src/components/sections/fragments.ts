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
  # A picture beside text: full width on a phone, one of two columns from 1024 px.
  fragment SectionImageFields on File {
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
