/**
 * The preview beside a mail's text in „Inhalte“ shows the structure the mail will have: the same elements
 * (headings, paragraphs, line breaks, lists, quotes, bold, italic, links, the button) with the same text, for
 * the same Markdown. Only the look differs (classes there, inline styles in the mail), and a heading of the
 * text is a paragraph marked with its level in the preview, so the editor screen's own outline stays its own.
 */
import React from "react";
import { render, renderHook } from "@testing-library/react";
import { MarkdownPreview } from "../../src/owner/content/MarkdownPreview";
import { useFormContext } from "../../src/owner/content/useFormContext";
import { renderHtml } from "../../common/mail/markdown";
import { legalMarkdownHtml } from "../../common/content/legal-html";

const NO_IMAGES = { images: [], pending: [] };
const NONE: ReadonlySet<number> = new Set();

/** An element tree as a string of tags and texts, without attributes and without the preview's wrappers. */
function shape(root: Node): string {
  const parts: string[] = [];
  let text = "";
  const flush = () => {
    if (text.trim()) parts.push(JSON.stringify(text));
    text = "";
  };
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? "";
      continue;
    }
    if (!(node instanceof Element)) continue;
    const tag = node.tagName.toLowerCase();
    // The mark around a placeholder's text in the preview: its text is part of the line.
    if (tag === "span") {
      text += node.textContent ?? "";
      continue;
    }
    // The preview's containers.
    if (tag === "div") {
      const inner = shape(node);
      if (inner) {
        flush();
        parts.push(inner);
      }
      continue;
    }
    flush();
    const name = node.hasAttribute("data-heading") ? `h${node.getAttribute("data-heading")}` : tag;
    const button =
      tag === "a" &&
      ((node.getAttribute("style") ?? "").includes("display:inline-block") || node.classList.contains("inline-block"));
    parts.push(`${name}${button ? "[button]" : ""}(${shape(node)})`);
  }
  flush();
  return parts.join(" ");
}

function mailShape(markdown: string, values: Record<string, string> = {}): string {
  const container = document.createElement("div");
  container.innerHTML = renderHtml(markdown, values);
  return shape(container);
}

function pageShape(markdown: string): string {
  const container = document.createElement("div");
  container.innerHTML = legalMarkdownHtml(markdown, {});
  return shape(container);
}

function previewShape(markdown: string, kind?: "mail" | "page"): string {
  const view = render(<MarkdownPreview text={markdown} kind={kind} />);
  const result = shape(view.container);
  view.unmount();
  return result;
}

const SAMPLES: [string, string][] = [
  ["line breaks, bold and a link", "Hallo **Welt**,\nzweite Zeile mit [Link](https://www.urkraft.de/x)."],
  ["a heading and a paragraph", "## Zwischenüberschrift\n\nText darunter."],
  ["lists", "- eins\n- zwei\n\n1. erstens\n2. zweitens"],
  ["a quote over two lines", "> Zitat\n> zweite Zeile"],
  ["a lone link: the button", "[Jetzt bestätigen](https://www.urkraft.de/ok)"],
  // The old preview showed these as markup while the mail printed the asterisks and the hash.
  ["italic", "Das ist *wichtig* und **sehr** wichtig."],
  ["a heading with text right below it", "# Großer Titel\nGleich darunter Text."],
  ["a list right after a line of text", "Das bekommst du:\n- Rezepte\n- Bewegung"],
  ["raw HTML stays text", "Vorher <script>alert(1)</script> <iframe src=x></iframe>\n\n<form action=x>"],
  ["a line break by backslash and &nbsp;", "Preis: 5&nbsp;Euro\\\nZweite Zeile"],
];

describe("the preview of a mail has the mail's structure", () => {
  test.each(SAMPLES)("%s", (_name, markdown) => {
    const mail = mailShape(markdown);
    expect(mail).not.toBe("");
    expect(previewShape(markdown, "mail")).toBe(mail);
  });

  test("a placeholder the sending fills keeps its place: the preview shows its name where the mail its value", () => {
    const markdown = "Hallo {{name}},\n\n**Name:** {{name}}";
    expect(previewShape(markdown, "mail")).toBe(mailShape(markdown, { name: "name" }));
  });

  test("raw HTML never becomes an element, in the mail or the preview", () => {
    const markdown = SAMPLES.find(([name]) => name === "raw HTML stays text")![1];
    for (const html of [renderHtml(markdown, {}), render(<MarkdownPreview text={markdown} kind="mail" />).container.innerHTML])
      expect(html).not.toMatch(/<(script|iframe|form)\b/);
  });

  test("a mail's text opened in „Inhalte“ is previewed as the mail, a legal text as its page (no button)", () => {
    const lone = "[Jetzt bestätigen](https://www.urkraft.de/ok)";
    const kindOf = (file: string) =>
      renderHook(() =>
        useFormContext(
          file,
          NO_IMAGES,
          () => undefined,
          undefined,
          NONE,
          () => undefined,
        ),
      ).result.current.previewKind;
    expect(previewShape(lone, kindOf("emails/lead-confirmation.md"))).toContain("a[button]");
    expect(previewShape(lone, kindOf("legal/agb.md"))).not.toContain("[button]");
    expect(previewShape(lone, "page")).toBe('p(a("Jetzt bestätigen"))');
  });

  test("a legal text's preview has its page's structure, from the same reader", () => {
    for (const [, markdown] of SAMPLES) expect(previewShape(markdown, "page")).toBe(pageShape(markdown));
    const legal =
      "## 1. Wer wir sind\n\n### Cookies\n\nEin Cookie (`__Host-sitzung`) *nur* für dich.\n\n- [Datenschutz](/datenschutz)";
    expect(pageShape(legal)).toBe(
      'h2("1. Wer wir sind") h3("Cookies") p("Ein Cookie (" code("__Host-sitzung") ") " em("nur") " für dich.") ul(li(a("Datenschutz")))',
    );
    expect(previewShape(legal, "page")).toBe(pageShape(legal));
  });
});
