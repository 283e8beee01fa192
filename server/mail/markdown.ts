/**
 * The small Markdown subset e-mail texts are written in, rendered twice: as plain text and as HTML with
 * inline styles (mail clients ignore style sheets). Placeholders are filled in only after the Markdown is
 * parsed, so a visitor's name can neither add markup nor Markdown syntax; every value is escaped for HTML.
 *
 * Supported: paragraphs (blank line between), `## heading`, `- list item`, `> quoted line`, `**bold**`,
 * `[label](url)`, and a paragraph that is a single link becomes a button.
 */
import { escapeHtml } from "../../src/escape-html";
import { COLORS, FONT, HEADING_FONT } from "./style";

export type Values = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*/g;
const LONE_LINK = /^\[([^\]\n]+)\]\(([^)\s]+)\)$/;

type Block =
  | { type: "heading"; text: string }
  | { type: "list"; items: string[] }
  | { type: "quote"; lines: string[] }
  | { type: "button"; label: string; href: string }
  | { type: "paragraph"; lines: string[] };

export function parseBlocks(source: string): Block[] {
  return source
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk): Block => {
      const lines = chunk.split("\n").map((line) => line.trim());
      if (lines.length === 1 && lines[0].startsWith("## ")) return { type: "heading", text: lines[0].slice(3) };
      if (lines.every((line) => line.startsWith("- "))) return { type: "list", items: lines.map((l) => l.slice(2)) };
      if (lines.every((line) => line.startsWith(">"))) return { type: "quote", lines: lines.map((l) => l.replace(/^> ?/, "")) };
      const lone = lines.length === 1 ? LONE_LINK.exec(lines[0]) : null;
      if (lone) return { type: "button", label: lone[1], href: lone[2] };
      return { type: "paragraph", lines };
    });
}

/** Every placeholder name a template uses, so a typo is caught when the templates load. */
export function placeholdersIn(source: string): string[] {
  return [...source.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

function fill(source: string, values: Values, escape: (value: string) => string): string {
  let out = "";
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    const value = values[match[1]];
    if (value === undefined) throw new Error(`E-Mail-Vorlage: Platzhalter {{${match[1]}}} hat keinen Wert`);
    out += escape(source.slice(last, match.index)) + escape(value);
    last = match.index + match[0].length;
  }
  return out + escape(source.slice(last));
}

/** A link target after filling in: only web and mail addresses, so no `javascript:` can slip in. */
function safeHref(href: string, values: Values): string {
  const url = fill(href, values, (s) => s).trim();
  if (!/^(https?:\/\/|mailto:)/i.test(url) || /[\s"'<>]/.test(url)) {
    throw new Error(`E-Mail-Vorlage: Linkziel ist keine http(s)- oder mailto-Adresse: ${href}`);
  }
  return url;
}

const keepText = (s: string) => s;
const lineBreaks = (html: string) => html.replace(/\r?\n/g, "<br>");

function inlineText(source: string, values: Values): string {
  let out = "";
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    out += fill(source.slice(last, match.index), values, keepText);
    if (match[1] !== undefined) {
      out += `${fill(match[1], values, keepText)} (${safeHref(match[2], values)})`;
    } else {
      out += fill(match[3], values, keepText);
    }
    last = match.index + match[0].length;
  }
  return out + fill(source.slice(last), values, keepText);
}

function inlineHtml(source: string, values: Values): string {
  const text = (s: string) => lineBreaks(fill(s, values, escapeHtml));
  let out = "";
  let last = 0;
  for (const match of source.matchAll(INLINE)) {
    out += text(source.slice(last, match.index));
    if (match[1] !== undefined) {
      const href = escapeHtml(safeHref(match[2], values));
      out += `<a href="${href}" style="color:${COLORS.link};text-decoration:underline">${text(match[1])}</a>`;
    } else {
      out += `<strong>${text(match[3])}</strong>`;
    }
    last = match.index + match[0].length;
  }
  return out + text(source.slice(last));
}

export function renderText(source: string, values: Values): string {
  return parseBlocks(source)
    .map((block) => {
      switch (block.type) {
        case "heading":
          return inlineText(block.text, values).toUpperCase();
        case "list":
          return block.items.map((item) => `– ${inlineText(item, values)}`).join("\n");
        case "quote":
          return inlineText(block.lines.join("\n"), values)
            .split("\n")
            .map((line) => `> ${line}`)
            .join("\n");
        case "button":
          return `${inlineText(block.label, values)}:\n${safeHref(block.href, values)}`;
        case "paragraph":
          return inlineText(block.lines.join("\n"), values);
      }
    })
    .join("\n\n");
}

const P = `margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:1.6;color:${COLORS.text}`;

export function renderHtml(source: string, values: Values): string {
  return parseBlocks(source)
    .map((block) => {
      switch (block.type) {
        case "heading":
          return `<h2 style="margin:24px 0 12px 0;font-family:${HEADING_FONT};font-size:20px;line-height:1.3;color:${COLORS.heading}">${inlineHtml(block.text, values)}</h2>`;
        case "list":
          return `<ul style="margin:0 0 16px 0;padding-left:22px">${block.items
            .map((item) => `<li style="${P};margin:0 0 6px 0">${inlineHtml(item, values)}</li>`)
            .join("")}</ul>`;
        case "quote":
          return `<blockquote style="margin:0 0 16px 0;padding:12px 16px;border-left:4px solid ${COLORS.accent};background:${COLORS.quote}"><p style="${P};margin:0">${inlineHtml(block.lines.join("\n"), values)}</p></blockquote>`;
        case "button": {
          const href = escapeHtml(safeHref(block.href, values));
          return `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:14px 26px;border-radius:8px;background:${COLORS.button};color:${COLORS.buttonText};font-family:${FONT};font-size:16px;font-weight:bold;text-decoration:none">${inlineHtml(block.label, values)}</a></p>`;
        }
        case "paragraph":
          return `<p style="${P}">${inlineHtml(block.lines.join("\n"), values)}</p>`;
      }
    })
    .join("\n");
}
