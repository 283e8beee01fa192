/**
 * A preview of Markdown as the editor writes it, read by the same reader as every mail
 * (common/markdown/render.ts), so it shows what the mail will: the same headings, paragraphs, line breaks,
 * lists, quotes, **bold**, *italic*, `code` and links, and in a mail a paragraph that is a single link as a button.
 * It is built as elements from the reader's tokens (never as HTML from the text), so nothing typed can become
 * markup, and its links are never followed from here (the target is their title).
 * Placeholders such as {{legal.company}} show the value the page will show (from the settings, marked, with
 * the placeholder as its title); one that only the mail's sending fills ({{name}}) stays a marked name.
 * A condition ({{#if …}}…{{else}}…{{/if}}) is a labelled box that says whether it holds now, with the part
 * that does not show on the page greyed.
 */
import React from "react";
import { conditionHolds, placeholderText, toFill } from "../../../common/content/placeholders";
import { LEGAL_ELEMENTS } from "../../../common/content/legal-elements";
import { markdownBlocks, type MarkdownBlock, type Token } from "../../../common/markdown/render";

/** A placeholder as the page will show it, or as a marked name when only sending a mail fills it. */
function Placeholder({ name, values }: { name: string; values: unknown }) {
  // A condition's tag left outside a whole {{#if}} … {{/if}}: the check names its line; here it stands out.
  if (/^[#/]|^else$/.test(name))
    return (
      <span className="rounded bg-red-50 px-1 font-mono text-xs text-red-900" title="Diese Bedingung ist unvollständig">
        {`{{${name}}}`}
      </span>
    );
  const asWord = name.startsWith("wort:");
  const setting = name.replace(/^wort:/, "");
  const shown = placeholderText(values, setting, asWord);
  if (shown === undefined)
    return (
      <span className="rounded bg-cream-100 px-1 font-mono text-xs text-bark-700" title="Wird beim Versand eingesetzt">
        {name}
      </span>
    );
  if (shown === toFill(setting))
    return (
      <span className="rounded bg-ember-300 px-1 text-bark-900" title={`{{${name}}}`}>
        {shown}
      </span>
    );
  return (
    <span
      className="underline decoration-forest-600 decoration-dotted underline-offset-4"
      title={`{{${name}}} aus den Einstellungen`}
    >
      {shown}
    </span>
  );
}

/** Placeholders of a text part, shown as the page or mail will fill them. */
const PLACEHOLDER = /\{\{\s*([^}]+?)\s*\}\}/g;

function textWithPlaceholders(text: string, values: unknown, key: string): React.ReactNode[] {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(<Placeholder key={`${key}.${match.index}`} name={match[1]!} values={values} />);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** The inline tokens as elements: text, line breaks, bold, italic, code and links (never followed from here). */
function inline(token: Token, values: unknown, kind: PreviewKind): React.ReactNode[] {
  const root: React.ReactNode[] = [];
  const stack: { type: string; href?: string; button?: boolean; parts: React.ReactNode[] }[] = [];
  const into = () => stack.at(-1)?.parts ?? root;
  (token.children ?? []).forEach((child, index) => {
    const key = String(index);
    if (child.type === "text") into().push(...textWithPlaceholders(child.content, values, key));
    else if (child.type === "code_inline")
      into().push(
        <code key={key} className="rounded bg-cream-100 px-1 font-mono text-sm">
          {textWithPlaceholders(child.content, values, key)}
        </code>,
      );
    // A mail keeps each line break of a paragraph; a page only those written with a backslash, as the browser joins the rest.
    else if (child.type === "hardbreak" || (child.type === "softbreak" && kind === "mail"))
      into().push(<br key={key} />, ...(kind === "page" ? ["\n"] : []));
    else if (child.type === "softbreak") into().push("\n");
    else if (child.nesting === 1)
      stack.push({
        type: child.type,
        href: String(child.attrGet("href") ?? ""),
        button: kind === "mail" && Boolean((child.meta as { button?: boolean } | null)?.button),
        parts: [],
      });
    else if (child.nesting === -1) {
      const open = stack.pop();
      if (!open) return;
      if (open.type === "strong_open") into().push(<strong key={key}>{open.parts}</strong>);
      else if (open.type === "em_open") into().push(<em key={key}>{open.parts}</em>);
      else if (open.type === "link_open")
        into().push(
          <a key={key} title={open.href} className={open.button ? BUTTON : "text-forest-800 underline"}>
            {open.parts}
          </a>,
        );
      else into().push(...open.parts);
    }
  });
  return root;
}

/** `{{#if name}}`, `{{#if name=value}}`, with an optional `{{else}}`: conditions cannot nest (the check refuses it). */
const CONDITION = /\{\{#if\s+([\w.]+)\s*(?:=\s*([^}\s]+)\s*)?\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g;

function Condition(props: {
  name: string;
  expected?: string;
  then: string;
  otherwise?: string;
  values: unknown;
  kind: PreviewKind;
}) {
  const holds = conditionHolds(props.values, props.name, props.expected);
  const label = props.expected !== undefined ? `„${props.name}“ ist „${props.expected}“` : `„${props.name}“ ist ausgefüllt`;
  const state =
    holds === undefined ? "noch nicht entschieden" : holds ? "trifft zu: der erste Teil steht auf der Seite" : "trifft nicht zu";
  const part = (text: string, shown: boolean | undefined, title: string) => (
    <div className={shown === false ? "opacity-60" : ""}>
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-bark-700">
        {title}
        {shown === false ? " (erscheint nicht)" : ""}
      </p>
      <Blocks text={text} values={props.values} kind={props.kind} />
    </div>
  );
  return (
    <div
      role="group"
      aria-label={`Bedingung: ${label}`}
      className="space-y-3 rounded-lg border-2 border-dashed border-forest-600 p-3"
    >
      <p className="text-sm font-semibold text-forest-900">
        Nur wenn {label} <span className="font-normal text-bark-700">– {state}</span>
      </p>
      {part(props.then, holds === undefined ? undefined : holds, "Dann")}
      {props.otherwise !== undefined && part(props.otherwise, holds === undefined ? undefined : !holds, "Sonst")}
    </div>
  );
}

export function MarkdownPreview({ text, values, kind = "page" }: { text: string; values?: unknown; kind?: PreviewKind }) {
  if (!text.trim()) return <p className="text-bark-700">Noch kein Text.</p>;
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CONDITION)) {
    if (match.index > last)
      parts.push(<Blocks key={`t${last}`} text={text.slice(last, match.index)} values={values} kind={kind} />);
    parts.push(
      <Condition
        key={`c${match.index}`}
        name={match[1]!}
        expected={match[2]}
        then={match[3]!}
        otherwise={match[4]}
        values={values}
        kind={kind}
      />,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(<Blocks key={`t${last}`} text={text.slice(last)} values={values} kind={kind} />);
  return <div className="space-y-3 text-bark-900">{parts}</div>;
}

/** Which rendering the preview shows: the mail's (a paragraph that is a single link is a button) or the page's. */
export type PreviewKind = "mail" | "page";

/** „Inhalte“ opens a mail at /verwaltung/inhalte/emails/…: its text is previewed as the mail shows it. */

const BUTTON = "inline-block rounded-lg bg-forest-700 px-6 py-3 font-bold text-white no-underline";
const HEADING_CLASS: Readonly<Record<string, string>> = {
  h1: "font-serif text-2xl font-bold text-forest-900",
  h2: "font-serif text-xl font-bold text-forest-900",
  h3: "font-serif text-lg font-bold text-forest-900",
};

function Block({ block, values, kind }: { block: MarkdownBlock; values: unknown; kind: PreviewKind }): React.ReactNode {
  if ("inline" in block) return inline(block.inline, values, kind);
  const { open } = block;
  const children = block.children.map((child, index) => <Block key={index} block={child} values={values} kind={kind} />);
  switch (open.type) {
    case "heading_open":
      // A heading the page drops (it keeps LEGAL_ELEMENTS) is plain text there, run into what follows.
      if (kind === "page" && !LEGAL_ELEMENTS.includes(open.tag)) return [...children, "\n"];
      // A heading of the text, not of this screen: a paragraph that looks like it, so the screen's outline stays its own.
      return (
        <p data-heading={open.tag.slice(1)} className={HEADING_CLASS[open.tag] ?? "font-bold text-forest-900"}>
          {children}
        </p>
      );
    case "paragraph_open":
      if (open.hidden) return children;
      return <p className={kind === "mail" && (open.meta as { button?: boolean }).button ? "my-6" : undefined}>{children}</p>;
    case "bullet_list_open":
      return <ul className="list-disc space-y-1 pl-6">{children}</ul>;
    case "ordered_list_open":
      return (
        <ol start={open.attrGet("start") ? Number(open.attrGet("start")) : undefined} className="list-decimal space-y-1 pl-6">
          {children}
        </ol>
      );
    case "list_item_open":
      return <li>{children}</li>;
    case "blockquote_open":
      return <blockquote className="space-y-3 border-l-4 border-ember-500 bg-cream-50 py-3 pl-4 pr-4">{children}</blockquote>;
    default:
      return children;
  }
}

function Blocks({ text, values, kind }: { text: string; values: unknown; kind: PreviewKind }) {
  const content = markdownBlocks(text);
  if (content.length === 0) return null;
  return (
    <div className="space-y-3 text-bark-900">
      {content.map((block, index) => (
        <Block key={index} block={block} values={values} kind={kind} />
      ))}
    </div>
  );
}
