import type { Organization, WithContext } from "schema-dts";
import { absoluteUrl } from "./json-ld";

/** The parts of content/site.json that describe the company. */
export interface OrganizationSettings {
  brand: string;
  siteUrl: string;
  email: string;
  phone: string;
  description: string;
  address: { street: string; postalCode: string; city: string; country: string };
  legal: { company: string };
}

const COUNTRY_CODES: Record<string, string> = { Deutschland: "DE", Österreich: "AT", Schweiz: "CH" };

/** Stable identifier, so other entities (a recipe's author) can point at the same company. */
export function organizationId(siteUrl: string): string {
  return `${absoluteUrl(siteUrl, "/")}#organization`;
}

/** `Organization` for every page: name, address and contact from site.json, logo from static/logo.png. */
export function organizationJsonLd(site: OrganizationSettings): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(site.siteUrl),
    name: site.brand,
    legalName: site.legal.company,
    description: site.description,
    url: absoluteUrl(site.siteUrl, "/"),
    logo: absoluteUrl(site.siteUrl, "/logo.png"),
    image: absoluteUrl(site.siteUrl, "/og-image.png"),
    email: site.email,
    telephone: site.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.city,
      addressCountry: COUNTRY_CODES[site.address.country] ?? site.address.country,
    },
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: site.email,
      telephone: site.phone,
      availableLanguage: "de",
    },
  };
}
