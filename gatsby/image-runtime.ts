/**
 * gatsby-plugin-image puts a style, a noscript style and a module script into every page's head for its
 * <GatsbyImage> (fade-in of the main picture over its placeholder). The site draws its pictures with its
 * own <picture> markup from the same image data (components/sections/ContentImage.tsx), so none of the three ever applies:
 * about 650 bytes and one CSP hash per page, in the first TCP flight that every page has to fit.
 */
import type React from "react";

/** The keys gatsby-plugin-image gives its head components (gatsby-ssr.js, onRenderBody). */
export const IMAGE_RUNTIME_KEY = /^gatsby-image-style/;

export function withoutImageRuntime<T>(components: T[]): T[] {
  return components.filter((component) => {
    const key = (component as React.ReactElement | null)?.key;
    return typeof key !== "string" || !IMAGE_RUNTIME_KEY.test(key);
  });
}
