/**
 * The brand's colours, in one place. The site's Tailwind theme (src/styles/global.css, held equal by a
 * test), the e-mails (common/mail/style.ts), the server's plain pages, the browser's theme colour and the
 * drawn artwork (tools/artwork/) take them from here.
 */
export const PALETTE = {
  "cream-50": "#fdfbf6",
  "cream-100": "#f8f2e6",
  "cream-200": "#efe4cc",
  "cream-300": "#e4d3ae",
  "forest-50": "#eef4ef",
  "forest-100": "#d5e4d8",
  "forest-500": "#3f7352",
  "forest-600": "#2f5d43",
  "forest-700": "#244a35",
  "forest-800": "#1b3a29",
  "forest-900": "#132a1e",
  "forest-950": "#0e2016",
  "ember-200": "#f6dcaa",
  "ember-300": "#f0c27a",
  "ember-400": "#e3a44a",
  "ember-500": "#c98526",
  "ember-600": "#a86a1c",
  "ember-700": "#8a5312",
  "bark-400": "#9c7b58",
  "bark-500": "#7a5f45",
  "bark-700": "#4a3b2e",
  "bark-800": "#3a2d22",
  "bark-900": "#2a211a",
} as const;

export type PaletteName = keyof typeof PALETTE;

/** The text of a refused field on the server's plain error page: a dark red, clearly not the brand's ember. */
export const ALERT_COLOR = "#8a2a0a";
