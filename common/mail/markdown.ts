/**
 * The small Markdown subset e-mail texts are written in, rendered twice: as plain text and as HTML with
 * inline styles (mail clients ignore style sheets). Placeholders are filled in only after the Markdown is
 * parsed, so a visitor's name can neither add markup nor Markdown syntax; every value is escaped for HTML.
 *
 * Supported: paragraphs (blank line between), `## heading`, `- list item`, `> quoted line`, `**bold**`,
 * `[label](url)`, and a paragraph that is a single link becomes a button.
 */
import { escapeHtml } from "../escape-html";
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

/**
 * Templates are a handful of fixed texts rendered for every mail: what is parsed from them (blocks, inline
 * parts, placeholders) is kept per source text, so a mail costs only filling in. Bounded, in case a
 * caller renders texts that are not templates.
 */
const CACHE_LIMIT = 500;
function cached<T>(cache: Map<string, T>, source: string, parse: (source: string) => T): T {
  let parsed = cache.get(source);
  if (parsed === undefined) {
    parsed = parse(source);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(source, parsed);
  }
  return parsed;
}

const blockCache = new Map<string, readonly Block[]>();
export function parseBlocks(source: string): readonly Block[] {
  return cached(blockCache, source, readBlocks);
}

function readBlocks(source: string): Block[] {
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

/** Every link target (`[label](target)`) of a text, as written, before filling in. */
export function linkTargetsIn(source: string): string[] {
  return [...source.matchAll(INLINE)].flatMap((match) => (match[1] !== undefined ? [match[2]!] : []));
}

/** A text split at its placeholders: text, name, text, name, …, text (the names at odd positions). */
const placeholderCache = new Map<string, readonly string[]>();
function splitAtPlaceholders(source: string): readonly string[] {
  return cached(placeholderCache, source, () => {
    const parts: string[] = [];
    let last = 0;
    for (const match of source.matchAll(PLACEHOLDER)) {
      parts.push(source.slice(last, match.index), match[1]);
      last = match.index + match[0].length;
    }
    parts.push(source.slice(last));
    return parts;
  });
}

function fill(source: string, values: Values, escape: (value: string) => string): string {
  const parts = splitAtPlaceholders(source);
  let out = escape(parts[0]!);
  for (let i = 1; i < parts.length; i += 2) {
    const value = values[parts[i]!];
    if (value === undefined) throw new Error(`E-Mail-Vorlage: Platzhalter {{${parts[i]}}} hat keinen Wert`);
    out += escape(value) + escape(parts[i + 1]!);
  }
  return out;
}

/** A line's links (`[label](url)`) and bold parts (`**text**`) between plain text. */
type Inline = { text: string } | { label: string; href: string } | { bold: string };
const inlineCache = new Map<string, readonly Inline[]>();
function inlineParts(source: string): readonly Inline[] {
  return cached(inlineCache, source, () => {
    const parts: Inline[] = [];
    let last = 0;
    for (const match of source.matchAll(INLINE)) {
      parts.push({ text: source.slice(last, match.index) });
      parts.push(match[1] !== undefined ? { label: match[1], href: match[2]! } : { bold: match[3]! });
      last = match.index + match[0].length;
    }
    parts.push({ text: source.slice(last) });
    return parts;
  });
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
const lineBreaks = (html: string) => (html.includes("\n") ? html.replace(/\r?\n/g, "<br>") : html);

function inlineText(source: string, values: Values): string {
  let out = "";
  for (const part of inlineParts(source)) {
    if ("text" in part) out += fill(part.text, values, keepText);
    else if ("bold" in part) out += fill(part.bold, values, keepText);
    else out += `${fill(part.label, values, keepText)} (${safeHref(part.href, values)})`;
  }
  return out;
}

function inlineHtml(source: string, values: Values): string {
  const text = (s: string) => lineBreaks(fill(s, values, escapeHtml));
  let out = "";
  for (const part of inlineParts(source)) {
    if ("text" in part) out += text(part.text);
    else if ("bold" in part) out += `<strong>${text(part.bold)}</strong>`;
    else {
      const href = escapeHtml(safeHref(part.href, values));
      out += `<a href="${href}" style="color:${COLORS.link};text-decoration:underline">${text(part.label)}</a>`;
    }
  }
  return out;
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
