/**
 * Page and section tests run on the real content files: the page components get what their GraphQL
 * query would deliver, built here from content/*.json, and the static queries answer from the same files.
 */
import { useStaticQuery } from "gatsby";
import { readContent } from "../support/content";
import type { ImageFile, RecipeData, TestimonialData } from "../../src/components/sections/types";

export { readContent };

export type Site = Queries.SiteSettingsQuery["siteSettings"] & object;
export type Notices = Queries.NoticesQuery["notices"] & object;

/** Answers every useStaticQuery (site settings, build day, notices) as the build would. */
export function provideStaticQueries(buildDay = "2026-11-21"): { site: Site; notices: Notices } {
  const siteSettings = readContent<Site>("site.json");
  const notices = readContent<Notices>("notices.json");
  (useStaticQuery as jest.Mock).mockImplementation(() => ({ siteSettings, buildDay: { date: buildDay }, notices }));
  return { site: siteSettings, notices };
}

/** What gatsby-plugin-image delivers for one picture: AVIF and WebP sources and a JPEG fallback. */
export function testImage(path: string, width = 720, height = 540): ImageFile {
  const base = `/static/test/${path.replace(/^(\.\.\/)?images\//, "").replace(/\.\w+$/, "")}`;
  return {
    childImageSharp: {
      gatsbyImageData: {
        layout: "constrained",
        width,
        height,
        backgroundColor: "#284838",
        images: {
          fallback: { src: `${base}.jpg`, srcSet: `${base}.jpg ${width}w`, sizes: `(min-width: ${width}px) ${width}px, 100vw` },
          sources: [
            { type: "image/avif", srcSet: `${base}.avif ${width}w`, sizes: `(min-width: ${width}px) ${width}px, 100vw` },
            { type: "image/webp", srcSet: `${base}.webp ${width}w`, sizes: `(min-width: ${width}px) ${width}px, 100vw` },
          ],
        },
      },
    },
  };
}

/** A content value with every `image` path resolved to image data, as `@fileByRelativePath` does. */
export function withImages<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withImages) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        key === "image" && typeof item === "string" ? testImage(item) : withImages(item),
      ]),
    ) as T;
  }
  return value;
}

/** "2026-09-14" → "14.09.2026", what the query's `date(formatString: "DD.MM.YYYY")` returns. */
export const germanDate = (iso: string) => iso.split("-").reverse().join(".");

export interface TestimonialFile {
  name: string;
  location: string;
  rating: number;
  text: string;
  date: string;
  topic: string;
}

export function testimonials(): (TestimonialData & { topic: string })[] {
  return readContent<TestimonialFile[]>("testimonials.json").map((t, index) => ({
    ...t,
    id: `testimonial-${index}`,
    dateFormatted: germanDate(t.date),
  }));
}

export function recipes(): RecipeData[] {
  return withImages(
    readContent<(Omit<RecipeData, "id" | "caffeineMgPerLitre"> & { caffeineMgPerLitre?: number })[]>("recipes.json"),
  ).map((recipe, index) => ({
    caffeineMgPerLitre: null,
    ...recipe,
    id: `recipe-${index}`,
  }));
}

/** jsdom has no layout: scrolling and media queries are recorded instead of performed. */
export function recordScrolling(reducedMotion = false) {
  const scrollIntoView = jest.fn();
  Element.prototype.scrollIntoView = scrollIntoView;
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  window.matchMedia = jest.fn((query: string) => ({
    matches: reducedMotion && query.includes("prefers-reduced-motion: reduce"),
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  })) as unknown as typeof window.matchMedia;
  return { scrollIntoView, scrollTo: window.scrollTo as jest.Mock };
}
