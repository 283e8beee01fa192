import React from "react";
import type { SiteSettingsData } from "../hooks/useSiteSettings";

/** The provider identification of § 5 DDG, built from content/site.json. */
export function ImpressumDetails({ site }: { site: SiteSettingsData }) {
  const { legal, address, email, phone } = site;
  return (
    <div className="prose-legal">
      <h2>Angaben gemäß § 5 DDG</h2>
      <p>
        {legal.company}
        <br />
        {address.street}
        <br />
        {address.postalCode} {address.city}
        <br />
        {address.country}
      </p>
      <h3>Vertreten durch</h3>
      <p>Geschäftsführer: {legal.representatives.join(", ")}</p>
      <h3>Kontakt</h3>
      <p>
        Telefon: <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>
        <br />
        E-Mail: <a href={`mailto:${email}`}>{email}</a>
      </p>
      <h3>Registereintrag</h3>
      <p>
        Eintragung im Handelsregister
        <br />
        Registergericht: {legal.registerCourt}
        <br />
        Registernummer: {legal.registerNumber}
      </p>
      <h3>Umsatzsteuer-ID</h3>
      <p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: {legal.vatId}</p>
      <h3>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h3>
      <p>{legal.editorialResponsible}</p>
      <h3>Verbraucherstreitbeilegung</h3>
      <p>
        Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle
        teilzunehmen.
      </p>
    </div>
  );
}
