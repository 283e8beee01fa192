/** Every site-wide link list, in one place: header, footer quick links, footer legal links. */
export interface NavLink {
  to: string;
  label: string;
}

export const HEADER_LINKS: NavLink[] = [
  { to: "/", label: "Start" },
  { to: "/bewegung-alltag", label: "Bewegung" },
  { to: "/ernaehrung-traditionell", label: "Ernährung" },
  { to: "/kontakt-unterstuetzung", label: "Kontakt" },
];

export const FOOTER_QUICK_LINKS: NavLink[] = [
  { to: "/", label: "Startseite" },
  { to: "/bewegung-alltag", label: "Bewegung im Alltag" },
  { to: "/ernaehrung-traditionell", label: "Traditionelle Ernährung" },
  { to: "/gesunde-rezepte", label: "Gesunde Rezepte" },
];

export const FOOTER_LEGAL_LINKS: NavLink[] = [
  { to: "/datenschutz", label: "Datenschutzerklärung" },
  { to: "/personenbezogene-daten", label: "Verarbeitung personenbezogener Daten" },
  { to: "/agb", label: "AGB" },
  { to: "/impressum", label: "Impressum" },
];
