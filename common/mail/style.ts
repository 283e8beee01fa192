import { PALETTE } from "../brand";

/** The site's colours (common/brand.ts) for e-mail HTML, where only inline styles are reliable. */
export const COLORS = {
  page: PALETTE["cream-100"],
  card: "#ffffff",
  text: PALETTE["bark-900"],
  muted: PALETTE["bark-700"],
  heading: PALETTE["forest-800"],
  link: PALETTE["forest-700"],
  accent: PALETTE["ember-500"],
  quote: PALETTE["cream-50"],
  button: PALETTE["forest-700"],
  buttonText: "#ffffff",
  band: PALETTE["forest-800"],
  bandText: PALETTE["cream-100"],
  rule: PALETTE["cream-200"],
} as const;

/** Body text in a system sans (the site uses Inter), headings in a serif like the site's Source Serif. */
export const FONT = "Arial, Helvetica, sans-serif";
export const HEADING_FONT = "Georgia, 'Times New Roman', serif";
