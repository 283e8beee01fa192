import { fillCopy } from "../components/sections/fill-copy";
import type { SiteRoute } from "../../common/routes";
import { useSiteSettings } from "./useSiteSettings";

/** A page's copy from its content file (common/routes.ts names it), placeholders filled from site.json. */
export function usePageCopy<T>(route: SiteRoute, copy: T | null | undefined): T {
  const site = useSiteSettings();
  if (!copy) throw new Error(`content/${route.content ?? "pages"} fehlt`);
  return fillCopy(copy, site);
}
