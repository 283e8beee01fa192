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
  # A picture beside text: the page column's width on a phone and a tablet (the viewport less the column's
  # padding, 2 × 16 px and 2 × 24 px), one of two columns from 1024 px (437 to 500 px). 720 px serve the
  # phones up to 2 device pixels per px (412 px at 1.75 need 665, 375 px at 2 need 686).
  fragment SectionImageFields on File {
    childImageSharp {
      gatsbyImageData(
        width: 720
        layout: CONSTRAINED
        placeholder: DOMINANT_COLOR
        formats: [AUTO, AVIF, WEBP]
        # Flat artwork: AVIF at 40 looks as at the default 50 and is a quarter lighter (the recipes hero 6.3
        # instead of 8.5 KB), so on a phone it still arrives first while the first cards' pictures load.
        avifOptions: { quality: 40 }
        outputPixelDensities: [0.25, 0.5, 1, 2]
        sizes: "(min-width: 1024px) 500px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
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
