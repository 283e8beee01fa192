import { fillCopy } from "../components/sections/fill-copy";
import type { SiteRoute } from "../../common/routes";
import { useSiteSettings } from "./useSiteSettings";
import { useVariantCopy } from "../experiments/shown-variant";

/**
 * A page's copy from its content file (common/routes.ts names it), placeholders filled from site.json, with the
 * text of the experiment's variant the page shows (src/experiments/shown-variant.tsx).
 */
export function usePageCopy<T>(route: SiteRoute, copy: T | null | undefined): T {
  const site = useSiteSettings();
  const varied = useVariantCopy(route, copy);
  if (!varied) throw new Error(`content/${route.content ?? "pages"} fehlt`);
  return fillCopy(varied, site);
}
