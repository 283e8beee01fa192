/** The site's colours for e-mail HTML, where only inline styles are reliable. */
export const COLORS = {
  page: "#f5f1e8",
  card: "#ffffff",
  text: "#2b2a26",
  muted: "#5f5b52",
  heading: "#2f4a2a",
  link: "#2f5d27",
  accent: "#b5652b",
  quote: "#f3ede1",
  button: "#2f5d27",
  buttonText: "#ffffff",
  band: "#2f4a2a",
  bandText: "#ffffff",
} as const;

/** Body text in a system sans (the site uses Inter), headings in a serif like the site's Source Serif. */
export const FONT = "Arial, Helvetica, sans-serif";
export const HEADING_FONT = "Georgia, 'Times New Roman', serif";
