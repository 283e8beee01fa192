/**
 * E-mail texts in the project's Markdown (common/markdown/render.ts), rendered twice: as plain text and as
 * HTML with inline styles (mail clients ignore style sheets), the styles being render rules of the reader.
 * Placeholders are filled in only after the Markdown is read, so a visitor's name can neither add markup nor
 * Markdown syntax; every value is escaped for HTML. Link targets, filled in, must be http(s) or mailto.
 * A paragraph that is a single link becomes a button.
 */
import type { Renderer } from "markdown-it";
import { escapeHtml } from "../escape-html";
import { markdownBlocks, markdownReader, markdownTokens, linkTargets, type MarkdownBlock, type Token } from "../markdown/render";
import { COLORS, FONT, HEADING_FONT } from "./style";

export type Values = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** Every placeholder name a template uses, so a typo is caught when the templates load. */
export function placeholdersIn(source: string): string[] {
  return [...source.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** Every link target (`[label](target)`) of a text, before filling in. */
export function linkTargetsIn(source: string): string[] {
  return linkTargets(source);
}

function fill(source: string, values: Values, escape: (value: string) => string): string {
  let out = "";
  let last = 0;
  for (const match of source.matchAll(PLACEHOLDER)) {
    const value = values[match[1]!];
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

// Plain text: headings in capitals, „– “ list items, „> “ quotes, links spelled out, a button as „label:“ and its address.

function inlineText(inline: Token, values: Values): string {
  let out = "";
  let href: string | undefined;
  let button = false;
  let label = "";
  for (const child of inline.children ?? []) {
    let piece = "";
    if (child.type === "text" || child.type === "code_inline") piece = fill(child.content, values, keepText);
    else if (child.type === "softbreak" || child.type === "hardbreak") piece = "\n";
    else if (child.type === "link_open") {
      href = safeHref(String(child.attrGet("href") ?? ""), values);
      button = Boolean((child.meta as { button?: boolean } | null)?.button);
      label = "";
      continue;
    } else if (child.type === "link_close" && href !== undefined) {
      // A button as its label and the address below; an address written as a link (<https://…>) spelled out once.
      out += button ? `${label}:\n${href}` : label === href ? href : `${label} (${href})`;
      href = undefined;
      continue;
    }
    if (href !== undefined) label += piece;
    else out += piece;
  }
  return out;
}

const indent = (text: string, first: string, rest: string) =>
  text
    .split("\n")
    .map((line, index) => (index === 0 ? first : line ? rest : "") + line)
    .join("\n");

function blockText(block: MarkdownBlock, values: Values): string {
  if ("inline" in block) return inlineText(block.inline, values);
  const inner = (separator: string) => block.children.map((child) => blockText(child, values)).join(separator);
  switch (block.open.type) {
    case "heading_open":
      return inner("").toUpperCase();
    case "bullet_list_open":
      return block.children.map((item) => indent(blockText(item, values), "– ", "  ")).join("\n");
    case "ordered_list_open": {
      const start = Number(block.open.attrGet("start") ?? 1);
      return block.children
        .map((item, index) => {
          const marker = `${start + index}. `;
          return indent(blockText(item, values), marker, " ".repeat(marker.length));
        })
        .join("\n");
    }
    case "list_item_open":
      // A tight list's items (paragraphs hidden) keep their lines together.
      return inner(block.children.some((child) => "open" in child && child.open.hidden) ? "\n" : "\n\n");
    case "blockquote_open":
      return inner("\n\n")
        .split("\n")
        .map((line) => (line ? `> ${line}` : ">"))
        .join("\n");
    default:
      return inner("\n\n");
  }
}

export function renderText(source: string, values: Values): string {
  return markdownBlocks(source)
    .map((block) => blockText(block, values))
    .join("\n\n");
}

// HTML: the reader's render rules with the mail's inline styles.

/** What the rules fill the placeholders with, passed through the render call. */
const valuesOf = (env: unknown): Values => (env as { values: Values }).values;

const P = `margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:1.6;color:${COLORS.text}`;
const HEADING_SIZES: Readonly<Record<string, number>> = { h1: 24, h2: 20, h3: 18 };
const LIST = "margin:0 0 16px 0;padding-left:22px";

/** After a block at the top a line break, as between the blocks of the mail's HTML; none inside a block. */
const after = (token: Token) => (token.level === 0 ? "\n" : "");
const within = (token: Token) => (token.meta as { within?: string } | null)?.within;

const MAIL_RULES: Renderer["rules"] = {
  paragraph_open(tokens, index) {
    const token = tokens[index]!;
    if (token.hidden) return "";
    if ((token.meta as { button?: boolean }).button) return `<p style="margin:24px 0">`;
    return within(token) === "blockquote" ? `<p style="${P};margin:0">` : `<p style="${P}">`;
  },
  paragraph_close: (tokens, index) => (tokens[index]!.hidden ? "" : `</p>${after(tokens[index]!)}`),
  heading_open(tokens, index) {
    const tag = tokens[index]!.tag;
    return `<${tag} style="margin:24px 0 12px 0;font-family:${HEADING_FONT};font-size:${HEADING_SIZES[tag] ?? 16}px;line-height:1.3;color:${COLORS.heading}">`;
  },
  heading_close: (tokens, index) => `</${tokens[index]!.tag}>${after(tokens[index]!)}`,
  bullet_list_open: () => `<ul style="${LIST}">`,
  bullet_list_close: (tokens, index) => `</ul>${after(tokens[index]!)}`,
  ordered_list_open(tokens, index) {
    const start = tokens[index]!.attrGet("start");
    return `<ol${start ? ` start="${escapeHtml(String(start))}"` : ""} style="${LIST}">`;
  },
  ordered_list_close: (tokens, index) => `</ol>${after(tokens[index]!)}`,
  list_item_open: () => `<li style="${P};margin:0 0 6px 0">`,
  list_item_close: () => "</li>",
  blockquote_open: () =>
    `<blockquote style="margin:0 0 16px 0;padding:12px 16px;border-left:4px solid ${COLORS.accent};background:${COLORS.quote}">`,
  blockquote_close: (tokens, index) => `</blockquote>${after(tokens[index]!)}`,
  strong_open: () => "<strong>",
  strong_close: () => "</strong>",
  em_open: () => "<em>",
  em_close: () => "</em>",
  code_inline: (tokens, index, _options, env) =>
    `<code style="font-family:'Courier New',Courier,monospace;font-size:15px">${fill(tokens[index]!.content, valuesOf(env), escapeHtml)}</code>`,
  softbreak: () => "<br>",
  hardbreak: () => "<br>",
  link_open(tokens, index, _options, env) {
    const token = tokens[index]!;
    const href = escapeHtml(safeHref(String(token.attrGet("href") ?? ""), valuesOf(env)));
    if ((token.meta as { button?: boolean } | null)?.button)
      return `<a href="${href}" style="display:inline-block;padding:14px 26px;border-radius:8px;background:${COLORS.button};color:${COLORS.buttonText};font-family:${FONT};font-size:16px;font-weight:bold;text-decoration:none">`;
    return `<a href="${href}" style="color:${COLORS.link};text-decoration:underline">`;
  },
  link_close: () => "</a>",
  text(tokens, index, _options, env) {
    const html = fill(tokens[index]!.content, valuesOf(env), escapeHtml);
    // A value may span lines (a message, a reply): each of its line breaks stays one.
    return html.includes("\n") ? html.replace(/\n/g, "<br>") : html;
  },
};

const mailReader = markdownReader();
Object.assign(mailReader.renderer.rules, MAIL_RULES);

export function renderHtml(source: string, values: Values): string {
  const env = { values };
  return mailReader.renderer.render(markdownTokens(source) as Token[], mailReader.options, env).replace(/\n$/, "");
}
