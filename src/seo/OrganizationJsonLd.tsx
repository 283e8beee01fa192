import React from "react";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { JsonLd } from "./JsonLd";
import { organizationJsonLd } from "./organization";

/** The company behind the site, on every page (rendered by `Seo`). */
export function OrganizationJsonLd() {
  return <JsonLd data={organizationJsonLd(useSiteSettings())} />;
}
