import React from "react";
import { withPrefix } from "gatsby";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { livePathOf } from "../../common/preview";
import { PREVIEW_NAME } from "./PreviewBanner";
import { PALETTE } from "../../common/brand";
import { absoluteUrl } from "../seo/json-ld";
import { OrganizationJsonLd } from "../seo/OrganizationJsonLd";

interface SeoProps {
  title: string;
  description: string;
  /** The page's path, e.g. "/agb"; used for the canonical URL and og:url. */
  pathname: string;
  /** Pages that should not appear in search results (thank-you and error pages). */
  noindex?: boolean;
  children?: React.ReactNode;
}

/** Rendered from every page's `export const Head`: title, description, canonical, Open Graph, Organization JSON-LD. */
export function Seo({ title, description, pathname, noindex = false, children }: SeoProps) {
  const { brand, siteUrl, tagline } = useSiteSettings();
  // A title that names the brand first („Urkraft – …“, the home page) stands as it is.
  const fullTitle = title === brand || title.startsWith(`${brand} `) ? title : `${title} | ${brand}`;
  // Same form as the sitemap's <loc>: the home page ends in "/", every other path has no trailing slash.
  // A preview's pages name the live page as theirs (and are not indexed).
  const url = absoluteUrl(siteUrl, livePathOf(pathname));
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="de_DE" />
      <meta property="og:site_name" content={brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={`${siteUrl}/og-image.png`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={`${brand} – ${tagline}`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="theme-color" content={PALETTE["forest-800"]} />
      <link rel="icon" href={withPrefix("/favicon.svg")} type="image/svg+xml" />
      {(noindex || PREVIEW_NAME) && <meta name="robots" content="noindex" />}
      <OrganizationJsonLd />
      {children}
    </>
  );
}
