/** The site's colours (src/styles/global.css) for e-mail HTML, where only inline styles are reliable. */
export const COLORS = {
  page: "#f8f2e6", // cream-100
  card: "#ffffff",
  text: "#2a211a", // bark-900
  muted: "#4a3b2e", // bark-700
  heading: "#1b3a29", // forest-800
  link: "#244a35", // forest-700
  accent: "#c98526", // ember-500
  quote: "#fdfbf6", // cream-50
  button: "#244a35", // forest-700
  buttonText: "#ffffff",
  band: "#1b3a29", // forest-800
  bandText: "#f8f2e6",
} as const;

/** Body text in a system sans (the site uses Inter), headings in a serif like the site's Source Serif. */
export const FONT = "Arial, Helvetica, sans-serif";
export const HEADING_FONT = "Georgia, 'Times New Roman', serif";
