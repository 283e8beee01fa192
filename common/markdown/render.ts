/**
 * The one Markdown reader of the project (markdown-it), shared by every e-mail (common/mail/markdown.ts) and
 * the editor's preview in „Inhalte“ (src/owner/content/MarkdownPreview.tsx), so the preview shows exactly the
 * structure the mail will have.
 *
 * - Raw HTML is never passed through (`html: false`): `<script>`, `<iframe>` or `<form>` in a text stay text.
 * - What it reads: paragraphs (a single line break stays a line break), `#` to `######` headings, `- ` and
 *   `1. ` lists, `> ` quotes, `**bold**`, `*italic*`, `` `code` ``, `[label](target)`, `<https://…>` and `&nbsp;`.
 *   Pictures, tables, code blocks, rules and reference links are not read: they stay the text they were written as.
 * - Link targets are not judged here: each use checks them after filling in its values (the mail only http(s)
 *   and mailto). `{{placeholders}}` in a target are kept as written, so they can be filled in afterwards.
 * - A paragraph that is a single link is marked (`meta.button`), so the mail can make it a button.
 *
 * Placeholders are plain text to Markdown: each use fills them in the text parts after reading, so no value
 * can add markup or Markdown syntax.
 */
import markdownit, { type MarkdownIt, type Token } from "markdown-it";

export type { Token };

/** `{{name}}`, `{{legal.company}}`, `{{wort:…}}`: kept whole inside a link target. */
const PLACEHOLDER_IN_TARGET = /(\{\{[^{}]*\}\})/;

function createReader(): MarkdownIt {
  const md = markdownit("default", { html: false, linkify: false, typographer: false, breaks: true });
  md.disable(["image", "table", "strikethrough", "code", "fence", "hr", "lheading", "reference"]);
  const normalize = md.normalizeLink.bind(md);
  md.normalizeLink = (url) =>
    url
      .split(PLACEHOLDER_IN_TARGET)
      .map((part, index) => (index % 2 === 1 ? part : normalize(part)))
      .join("");
  // Every target becomes a link here; its use refuses a wrong one with a message instead of showing it as text.
  md.validateLink = () => true;
  md.core.ruler.push("urkraft_structure", (state) => {
    markStructure(state.tokens);
  });
  return md;
}

/**
 * Notes on each block token what it stands in (`meta.within`: "blockquote", "list_item" or undefined at the
 * top), and marks a top-level paragraph that holds one link and nothing else as a button, on the paragraph's
 * opening token and on the link's.
 */
function markStructure(tokens: Token[]): void {
  const open: string[] = [];
  tokens.forEach((token, index) => {
    if (token.nesting === -1) open.pop();
    token.meta = { ...(token.meta as object | null), within: open.at(-1) };
    if (token.nesting === 1) open.push(token.type.replace(/_open$/, ""));
    if (token.type !== "paragraph_open" || token.level !== 0) return;
    const children = tokens[index + 1]?.children ?? [];
    const visible = children.filter((child) => !(child.type === "text" && child.content.trim() === ""));
    const lone =
      visible.length >= 2 &&
      visible[0]!.type === "link_open" &&
      visible.at(-1)!.type === "link_close" &&
      visible.filter((child) => child.type === "link_open").length === 1;
    if (lone) {
      token.meta.button = true;
      visible[0]!.meta = { ...(visible[0]!.meta as object | null), button: true };
    }
  });
}

/** The reader, with its settings; a use adds its own render rules to a reader of its own (`markdownReader()`). */
const reader = createReader();

/** A reader with the same settings, for a use that renders with its own rules. */
export function markdownReader(): MarkdownIt {
  return createReader();
}

/**
 * Texts are a handful of templates rendered for every mail: their tokens are kept per source text, so a mail
 * costs only rendering. Bounded, in case a caller renders texts that are not templates. Nothing that renders
 * them changes a token.
 */
const CACHE_LIMIT = 500;
const tokenCache = new Map<string, readonly Token[]>();

/** The tokens of a Markdown text (line endings unified). */
export function markdownTokens(source: string): readonly Token[] {
  const cached = tokenCache.get(source);
  if (cached !== undefined) return cached;
  const tokens = reader.parse(source.replace(/\r\n?/g, "\n"), {});
  if (tokenCache.size >= CACHE_LIMIT) tokenCache.clear();
  tokenCache.set(source, tokens);
  return tokens;
}

/** Every link target of a text, with its placeholders as written. */
export function linkTargets(source: string): string[] {
  return markdownTokens(source).flatMap((token) =>
    (token.children ?? []).flatMap((child) => (child.type === "link_open" ? [String(child.attrGet("href") ?? "")] : [])),
  );
}

/** A block of the text with what it contains: the shape the preview and the plain text walk. */
export type MarkdownBlock = { open: Token; children: MarkdownBlock[] } | { inline: Token };

/** The text's blocks as a tree (headings, paragraphs, lists, items, quotes; inline content as leaves). */
export function markdownBlocks(source: string): MarkdownBlock[] {
  const root: MarkdownBlock[] = [];
  const stack: MarkdownBlock[][] = [root];
  for (const token of markdownTokens(source)) {
    const siblings = stack.at(-1)!;
    if (token.nesting === 1) {
      const block = { open: token, children: [] };
      siblings.push(block);
      stack.push(block.children);
    } else if (token.nesting === -1) stack.pop();
    else if (token.type === "inline") siblings.push({ inline: token });
  }
  return root;
}
