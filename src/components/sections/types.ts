/**
 * Props of the sections and cards, taken from the types Gatsby generates from the page queries and
 * fragments (src/gatsby-types.d.ts), so a field added to the content description reaches them unchanged.
 */
import type { IGatsbyImageData } from "gatsby-plugin-image";

/** A `File` from content/images as queried with `childImageSharp.gatsbyImageData`. */
export type ImageFile = { readonly childImageSharp: { readonly gatsbyImageData: IGatsbyImageData } | null } | null | undefined;

/** Without `image` and `imageAlt` for a hero that has no picture (the contact and thank-you pages). */
export type HeroData = Omit<Queries.PageHeroFieldsFragment, "image" | "imageAlt"> &
  Partial<Pick<Queries.PageHeroFieldsFragment, "image" | "imageAlt">>;

export type SectionIntroData = Queries.SectionIntroFieldsFragment;

export type TitledTextData = Pick<Queries.TitledText, "title" | "text">;

export type CallToActionData = Queries.CallToActionFieldsFragment;

/** `date` is the ISO date for <time dateTime>, `dateFormatted` the same date as shown: 14.09.2026. */
export type TestimonialData = Queries.TestimonialFieldsFragment;

/** The recipe fields and its picture, queried in the size each page needs. */
export type RecipeData = Queries.RecipeFieldsFragment & { readonly image: ImageFile };

export type NoticesData = Queries.NoticesQuery["notices"] & object;
