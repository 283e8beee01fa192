/**
 * Custom properties a page's CSS sets but nothing reads. Tailwind writes every theme value and every
 * `--tw-*` helper it ever needs once for the whole site: `:root{--text-7xl:…}`, `@property --tw-rotate-x`,
 * and a `--tw-rotate-x:initial` on every element for browsers without `@property`. After the cut to a
 * page's own rules (page-css.ts) most of them are read by no rule left, yet the browser still parses them
 * and registers or copies them onto every element. A custom property changes nothing on screen unless a
 * `var()` reads it, so one that no kept rule and no `style` attribute of the page reads can go, with its
 * `@property`; rules and blocks left empty go too. Dropping one can leave another unread
 * (`--default-font-family:var(--font-sans)`), so this runs until nothing changes.
 */
import postcss, { type Root } from "postcss";

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/** The custom properties a text reads through `var()`. */
export function readCustomProperties(text: string): Set<string> {
  return new Set([...text.matchAll(VAR_REFERENCE)].map((match) => match[1]!));
}

function dropUnread(root: Root, readElsewhere: ReadonlySet<string>): boolean {
  const read = new Set(readElsewhere);
  root.walkDecls((decl) => {
    for (const name of readCustomProperties(decl.value)) read.add(name);
  });
  let changed = false;
  root.walkDecls((decl) => {
    if (decl.prop.startsWith("--") && !read.has(decl.prop)) {
      decl.remove();
      changed = true;
    }
  });
  root.walkAtRules("property", (rule) => {
    if (!read.has(rule.params.trim())) {
      rule.remove();
      changed = true;
    }
  });
  return changed;
}

/** Removes rules and at-rules left without content (a `@font-face` or `@property` is never empty). */
function dropEmpty(root: Root): void {
  let removed = true;
  while (removed) {
    removed = false;
    root.walk((node) => {
      if ((node.type === "rule" || node.type === "atrule") && node.nodes && node.nodes.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
}

/**
 * The CSS without the custom properties that neither it nor `markup` (its `style` attributes) reads.
 * Minified CSS stays minified: postcss keeps each node's own spacing.
 */
export function dropUnusedCustomProperties(css: string, markup: string): string {
  const root = postcss.parse(css);
  const readByMarkup = readCustomProperties(markup);
  while (dropUnread(root, readByMarkup)) {
    /* each pass can leave further properties unread */
  }
  dropEmpty(root);
  return root.toString();
}
