/** Plain props of the sections and cards: what the page queries deliver, without GraphQL. */
import type { IGatsbyImageData } from "gatsby-plugin-image";

/** A `File` from content/images as queried with `childImageSharp.gatsbyImageData`. */
export type ImageFile = { readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null } | null | undefined;

export interface HeroData {
  readonly kicker: string;
  readonly title: string;
  readonly lead: string;
  readonly image?: ImageFile;
  readonly imageAlt?: string | null;
}

export interface SectionIntroData {
  readonly kicker: string;
  readonly title: string;
  readonly intro: string;
}

export interface TitledTextData {
  readonly title: string;
  readonly text: string;
}

export interface CallToActionData {
  readonly title: string;
  readonly text: string;
  readonly button: string;
}

export interface TestimonialData {
  readonly id: string;
  readonly name: string;
  readonly location: string;
  readonly rating: number;
  readonly text: string;
  /** ISO date, for <time dateTime>. */
  readonly date: string;
  /** The same date as shown: 14.09.2026. */
  readonly dateFormatted: string;
}

export interface RecipeData {
  readonly id: string;
  readonly title: string;
  readonly category: string;
  readonly servings: number;
  readonly ingredients: readonly string[];
  readonly steps: readonly string[];
  readonly time: number;
  readonly benefit: string;
  readonly caffeineMgPerLitre?: number | null;
  readonly image: ImageFile;
  readonly imageAlt: string;
}

export interface NoticesData {
  readonly disclaimer: string;
  readonly disclaimerDetail: string;
  readonly testimonialCheck: string;
  readonly caffeineWarning: string;
  readonly caffeineFree: string;
}
