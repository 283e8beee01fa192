import React from "react";
import type { ImageFile } from "./types";

interface ContentImageProps {
  image: ImageFile;
  alt: string;
  className?: string;
  /** The page's main picture: load at once and first, instead of when scrolled near. */
  eager?: boolean;
}

/** Fetched before other pictures; lower case, the attribute's HTML name, which React 18 and Preact both pass on. */
const HIGH_PRIORITY = { fetchpriority: "high" };

/**
 * An image from content/images, as gatsby-plugin-image prepared it at build time (AVIF and WebP sources,
 * a JPEG fallback, several widths). Rendered as a plain <picture> with width and height, so the browser
 * reserves the space before it loads (no layout shift) and the page ships no image JavaScript.
 */
export function ContentImage({ image, alt, className = "", eager = false }: ContentImageProps) {
  const data = image?.childImageSharp?.gatsbyImageData;
  if (!data) return null;
  const { fallback, sources = [] } = data.images;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={data.width}
        height={data.height}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        {...(eager && HIGH_PRIORITY)}
        decoding={eager ? "auto" : "async"}
        style={{ backgroundColor: data.backgroundColor }}
        className={`block h-auto w-full ${className}`}
      />
    </picture>
  );
}
