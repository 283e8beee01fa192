import { fillPlaceholders } from "../../common/content/placeholders";
import { useSiteSettings } from "./useSiteSettings";

/** A page's title and description from its content/pages/*.json, placeholders filled from site.json. */
export function usePageSeo(seo: { readonly title: string; readonly description: string } | null | undefined): {
  title: string;
  description: string;
} {
  const site = useSiteSettings();
  if (!seo) throw new Error("Seitentitel und Beschreibung fehlen in content/pages/*.json");
  return { title: fillPlaceholders(seo.title, site), description: fillPlaceholders(seo.description, site) };
}
