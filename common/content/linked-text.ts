/** A link inside a sentence of page copy, written as in Markdown: `[Datenschutzerklärung](/datenschutz)`. */
export const TEXT_LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** The targets of the links in `text`. */
export const linkTargets = (text: string): string[] => [...text.matchAll(TEXT_LINK)].map((match) => match[2]);
