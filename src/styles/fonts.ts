/**
 * The web fonts, added after hydration (gatsby-browser.tsx) so that they never wait in front of the
 * first paint. Gatsby inlines every stylesheet into each page, so they cannot come as a later CSS file;
 * the FontFace API adds them instead. Until they arrive (and without JavaScript) the local fallbacks in
 * global.css, stretched to the same metrics, stand in. The browser fetches a face only when the page
 * has text in its unicode-range: German text needs the Latin files alone.
 */
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2";
import serif600 from "@fontsource/source-serif-4/files/source-serif-4-latin-600-normal.woff2";
import serif700 from "@fontsource/source-serif-4/files/source-serif-4-latin-700-normal.woff2";

/** Fontsource's subsets (the ranges of its own CSS). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";
const LATIN_EXT =
  "U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF";

/** Family names as global.css's --font-sans and --font-serif spell them. */
export const WEB_FONTS = [
  { family: "Inter Variable", file: interLatin, format: "woff2-variations", weight: "100 900", range: LATIN },
  { family: "Inter Variable", file: interLatinExt, format: "woff2-variations", weight: "100 900", range: LATIN_EXT },
  { family: "Source Serif 4", file: serif600, format: "woff2", weight: "600", range: LATIN },
  { family: "Source Serif 4", file: serif700, format: "woff2", weight: "700", range: LATIN },
] as const;

export function addWebFonts(fonts: FontFaceSet | undefined = document.fonts): void {
  if (!fonts || typeof FontFace === "undefined") return;
  for (const font of WEB_FONTS)
    fonts.add(
      new FontFace(font.family, `url(${font.file}) format("${font.format}")`, {
        weight: font.weight,
        style: "normal",
        display: "swap",
        unicodeRange: font.range,
      }),
    );
}
