/**
 * Page and section tests run on the real content files: the page components get what their GraphQL
 * query would deliver, built here from content/*.json, and the static queries answer from the same files.
 */
import { useStaticQuery } from "gatsby";
import { readContent } from "../support/content";
import { CONTENT_FILES } from "../../common/content/content-schema";
import { fieldKindOf } from "../../common/content/field-kinds";
import { jsonSchemaFor } from "../../common/content/json-schemas";
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

type JsonSchema = Record<string, unknown>;

/**
 * A content file's value as its query delivers it: every field of the picture kind resolved to image data,
 * as `@fileByRelativePath` does, and every field the file leaves out null.
 */
export function withImages<T>(value: T, file: string): T {
  const entry = CONTENT_FILES.find((candidate) => candidate.file === file);
  if (!entry) throw new Error(`${file}: not in common/content/content-schema.ts`);
  return asQueried(value, jsonSchemaFor(entry)) as T;
}

/** Walks a value beside its JSON Schema. */
function asQueried(value: unknown, schema: JsonSchema): unknown {
  if (Array.isArray(value)) return value.map((item) => asQueried(item, (schema.items ?? {}) as JsonSchema));
  if (value && typeof value === "object") {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const absent = Object.keys(properties).filter((key) => key !== "$schema" && !(key in value));
    return Object.fromEntries([
      ...Object.entries(value).map(([key, item]) => [key, asQueried(item, properties[key] ?? {})]),
      ...absent.map((key) => [key, null]),
    ]);
  }
  return typeof value === "string" && fieldKindOf(schema) === "picture" ? testImage(value) : value;
}

/** "2026-09-14" → "14.09.2026", what the query's `date(formatString: "DD.MM.YYYY")` returns. */
export const germanDate = (iso: string) => iso.split("-").reverse().join(".");

/** What the page queries get from content/testimonials.json: each entry with an id and its date as the query formats it. */
export function testimonials(): (TestimonialData & { topic: string })[] {
  type Entry = Omit<TestimonialData, "id" | "dateFormatted"> & { topic: string };
  return withImages(readContent<Entry[]>("testimonials.json"), "testimonials.json").map((t, index) => ({
    ...t,
    id: `testimonial-${index}`,
    dateFormatted: germanDate(t.date),
  }));
}

export function recipes(): RecipeData[] {
  return withImages(readContent<Omit<RecipeData, "id">[]>("recipes.json"), "recipes.json").map((recipe, index) => ({
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
