/** Each page's inline CSS holds the rules its markup uses; the whole stylesheet follows (after-load.ts). */
import { markupWords, prunePageCss } from "../gatsby/page-css";
import { dropUnusedCustomProperties } from "../gatsby/unused-custom-properties";

const CSS = [
  "*,::before,::after{box-sizing:border-box}",
  ":root{--color-forest-800:#1f3b2c;--color-unused:#f00}",
  "body{margin:0}",
  ".text-forest-800{color:var(--color-forest-800)}",
  ".text-red-700{color:#b91c1c}",
  "@media (width>=40rem){.sm\\:text-xl{font-size:1.25rem}.sm\\:hidden{display:none}}",
  ".w-1\\/2{width:50%}",
  ".hover\\:underline:hover{text-decoration:underline}",
  "[aria-expanded=true] .rotate-180{rotate:180deg}",
  "@keyframes spin{to{rotate:360deg}}",
  ".animate-spin{animation:spin 1s linear infinite}",
].join("");

const page = (body: string, css = CSS) =>
  `<html><head><style data-href="/styles.abc123.css" data-identity="gatsby-global-css">${css}</style></head><body>${body}</body></html>`;

const inlineCss = (html: string) =>
  /<style data-href="[^"]+" data-identity="gatsby-global-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";

describe("prunePageCss", () => {
  it("keeps the rules the markup uses, with Tailwind's variant and fraction classes, and drops the rest", async () => {
    const { html, stylesheet, bytesBefore, bytesAfter } = await prunePageCss(
      page(`<p class="text-forest-800 sm:text-xl w-1/2 hover:underline">Hallo</p>`),
    );
    const css = inlineCss(html);
    expect(stylesheet).toBe("/styles.abc123.css");
    expect(css).toContain(".text-forest-800{");
    expect(css).toContain(".sm\\:text-xl{");
    expect(css).toContain(".w-1\\/2{");
    expect(css).toContain(".hover\\:underline:hover{");
    expect(css).toContain("box-sizing:border-box");
    expect(css).toMatch(/body\s*\{/);
    expect(css).not.toContain("text-red-700");
    expect(css).not.toContain("sm\\:hidden");
    expect(css).not.toContain("rotate-180");
    expect(css).not.toContain("@keyframes");
    expect(css).toContain("--color-forest-800");
    expect(css).not.toContain("--color-unused");
    expect(bytesBefore).toBe(CSS.length);
    expect(bytesAfter).toBe(css.length);
    expect(bytesAfter).toBeLessThan(bytesBefore);
  });

  it("keeps a rule for an attribute the markup has, and the keyframes of a kept animation", async () => {
    const css = inlineCss(
      (await prunePageCss(page(`<button aria-expanded="true"><span class="rotate-180 animate-spin"></span></button>`))).html,
    );
    expect(css).toContain("rotate-180");
    expect(css).toContain("@keyframes spin");
  });

  it("gives a browser without JavaScript the whole stylesheet, once, however often a page is cut", async () => {
    const once = await prunePageCss(page(`<p class="text-forest-800">x</p>`));
    const fallback = `<noscript><link rel="stylesheet" href="/styles.abc123.css"></noscript>`;
    expect(once.html.split(fallback)).toHaveLength(2);
    const twice = await prunePageCss(once.html);
    expect(twice.html).toBe(once.html);
  });

  it("leaves a page without Gatsby's inline stylesheet as it is", async () => {
    const html = "<html><head><style>p{color:red}</style></head><body><p>x</p></body></html>";
    expect(await prunePageCss(html)).toEqual({ html, bytesBefore: 0, bytesAfter: 0 });
  });
});

describe("dropUnusedCustomProperties", () => {
  const TAILWIND_LIKE = [
    "@layer properties{@supports (-moz-orient:inline){*,:after,:before{--tw-rotate-x:initial;--tw-shadow:0 0 #0000}}}",
    ":root{--font-sans:Inter,sans-serif;--default-font-family:var(--font-sans);--font-mono:monospace;--text-7xl:4.5rem;--brand:#244a35}",
    "html{font-family:var(--default-font-family)}",
    ".shadow-x{--tw-shadow:0 1px 0 #0001;box-shadow:var(--tw-shadow)}",
    ".leading-tight{--tw-leading:1.25;line-height:1.25}",
    '@property --tw-rotate-x{syntax:"*";inherits:false}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  ].join("");

  it("drops what no rule reads, with its @property, and keeps what a rule reads, also through another property", () => {
    const css = dropUnusedCustomProperties(TAILWIND_LIKE, '<p class="shadow-x leading-tight">x</p>');
    expect(css).toContain("--font-sans:Inter,sans-serif");
    expect(css).toContain("--default-font-family:var(--font-sans)");
    expect(css).toContain("--tw-shadow:0 0 #0000");
    expect(css).toContain("@property --tw-shadow{");
    expect(css).toContain(".shadow-x{--tw-shadow:0 1px 0 #0001;box-shadow:var(--tw-shadow)}");
    expect(css).toContain(".leading-tight{line-height:1.25}");
    for (const gone of ["--tw-rotate-x", "--font-mono", "--text-7xl", "--brand", "--tw-leading"]) expect(css).not.toContain(gone);
  });

  it("keeps what a style attribute of the page reads, and drops what is read only by dropped properties", () => {
    const css = dropUnusedCustomProperties(
      ":root{--brand:#244a35;--a:var(--b);--b:1px}",
      '<div style="color:var(--brand)">x</div>',
    );
    expect(css).toBe(":root{--brand:#244a35}");
  });

  it("removes blocks left empty and keeps the CSS minified", () => {
    const css = dropUnusedCustomProperties(
      "@layer properties{@supports (x:y){*{--tw-x:initial}}}@layer theme{:root{--unused:1}}p{margin:0}",
      "<p>x</p>",
    );
    expect(css).toBe("p{margin:0}");
  });
});

describe("markupWords", () => {
  it("splits markup where no class name can go on", () => {
    expect(markupWords(`<div class="sm:text-xl w-1/2 max-w-[40rem]" aria-hidden="true">`)).toEqual([
      "div",
      "class",
      "sm:text-xl",
      "w-1/2",
      "max-w-[40rem]",
      "aria-hidden",
      "true",
    ]);
  });
});
