import React from "react";
import type { HeadFC } from "gatsby";
import { Seo } from "./Seo";
import { usePageSeo } from "../hooks/usePageSeo";
import type { SiteRoute } from "../../common/routes";

type PageSeo = { readonly title: string; readonly description: string } | null | undefined;

/**
 * The `Head` of a page whose title and description stand in its content file. Pages left out of the
 * sitemap (common/routes.ts) are also kept out of search results.
 */
export function pageHead<Data>(route: SiteRoute, seoOf: (data: Data) => PageSeo): HeadFC<Data> {
  return function PageHead({ location, data }) {
    const seo = usePageSeo(seoOf(data));
    return <Seo title={seo.title} description={seo.description} pathname={location.pathname} noindex={!route.inSitemap} />;
  };
}
