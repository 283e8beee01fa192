/** Every public route of the site with its <h1>, so browser tests and scripts visit the same list. */
export interface Route {
  path: string;
  heading: string | RegExp;
}

export const ROUTES: Route[] = [
  { path: "/", heading: /Energie/ },
  { path: "/bewegung-alltag", heading: /Bewegung/ },
  { path: "/ernaehrung-traditionell", heading: /Ernährung/ },
  { path: "/gesunde-rezepte", heading: /Rezepte/ },
  { path: "/kontakt-unterstuetzung", heading: "Kontakt & Unterstützung" },
  { path: "/danke-willkommen", heading: /Danke/ },
  { path: "/datenschutz", heading: "Datenschutzerklärung" },
  { path: "/personenbezogene-daten", heading: "Verarbeitung personenbezogener Daten" },
  { path: "/agb", heading: "Allgemeine Geschäftsbedingungen" },
  { path: "/impressum", heading: "Impressum" },
  { path: "/anmeldung-bestaetigt", heading: "Willkommen bei Urkraft!" },
  { path: "/abmeldung-bestaetigt", heading: "Du bist abgemeldet" },
  { path: "/link-ungueltig", heading: "Dieser Link funktioniert leider nicht (mehr)" },
];
