/**
 * A preview of Markdown as the editor writes it: headings, paragraphs, lists, quotes, **bold**, *italic*
 * and links, built as elements (never as HTML from the text), so nothing typed can become markup.
 * Placeholders such as {{legal.company}} show the value the page will show (from the settings, marked, with
 * the placeholder as its title); one that only the mail's sending fills ({{name}}) stays a marked name.
 * A condition ({{#if …}}…{{else}}…{{/if}}) is a labelled box that says whether it holds now, with the part
 * that does not show on the page greyed.
 */
import React from "react";
import { conditionHolds, placeholderText, toFill } from "../../../common/content/placeholders";

type Block = { kind: "h2" | "h3" | "p" | "quote"; text: string } | { kind: "ul" | "ol"; items: string[] };

function blocks(text: string): Block[] {
  const result: Block[] = [];
  for (const chunk of text.replace(/\r\n/g, "\n").split(/\n{2,}/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    const first = lines[0]!;
    if (/^###\s/.test(first)) result.push({ kind: "h3", text: first.replace(/^###\s+/, "") });
    else if (/^##?\s/.test(first)) result.push({ kind: "h2", text: first.replace(/^##?\s+/, "") });
    else if (lines.every((line) => /^\s*[-*]\s/.test(line)))
      result.push({ kind: "ul", items: lines.map((line) => line.replace(/^\s*[-*]\s+/, "")) });
    else if (lines.every((line) => /^\s*\d+\.\s/.test(line)))
      result.push({ kind: "ol", items: lines.map((line) => line.replace(/^\s*\d+\.\s+/, "")) });
    else if (lines.every((line) => line.startsWith(">")))
      result.push({ kind: "quote", text: lines.map((line) => line.replace(/^>\s?/, "")).join(" ") });
    else result.push({ kind: "p", text: lines.map((line) => line.replace(/\\$/, "")).join("\n") });
    // A heading line followed by text in the same chunk: the rest is a paragraph of its own.
    const last = result.at(-1)!;
    if ((last.kind === "h2" || last.kind === "h3") && lines.length > 1)
      result.push({ kind: "p", text: lines.slice(1).join("\n") });
  }
  return result;
}

const INLINE = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|\{\{\s*([^}]+?)\s*\}\}|&nbsp;/g;

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

function inline(text: string, values: unknown): React.ReactNode[] {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const key = match.index;
    if (match[1] !== undefined)
      parts.push(
        <span key={key} className="text-forest-800 underline" title={match[2]}>
          {match[1]}
        </span>,
      );
    else if (match[3] !== undefined) parts.push(<strong key={key}>{match[3]}</strong>);
    else if (match[4] !== undefined) parts.push(<em key={key}>{match[4]}</em>);
    else if (match[5] !== undefined) parts.push(<Placeholder key={key} name={match[5]} values={values} />);
    else parts.push("\u00a0");
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** `{{#if name}}`, `{{#if name=value}}`, with an optional `{{else}}`: conditions cannot nest (the check refuses it). */
const CONDITION = /\{\{#if\s+([\w.]+)\s*(?:=\s*([^}\s]+)\s*)?\}\}([\s\S]*?)(?:\{\{else\}\}([\s\S]*?))?\{\{\/if\}\}/g;

function Condition(props: { name: string; expected?: string; then: string; otherwise?: string; values: unknown }) {
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
      <Blocks text={text} values={props.values} />
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

export function MarkdownPreview({ text, values }: { text: string; values?: unknown }) {
  if (!text.trim()) return <p className="text-bark-700">Noch kein Text.</p>;
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CONDITION)) {
    if (match.index > last) parts.push(<Blocks key={`t${last}`} text={text.slice(last, match.index)} values={values} />);
    parts.push(
      <Condition
        key={`c${match.index}`}
        name={match[1]!}
        expected={match[2]}
        then={match[3]!}
        otherwise={match[4]}
        values={values}
      />,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(<Blocks key={`t${last}`} text={text.slice(last)} values={values} />);
  return <div className="space-y-3 text-bark-900">{parts}</div>;
}

function Blocks({ text, values }: { text: string; values: unknown }) {
  const content = blocks(text);
  if (content.length === 0) return null;
  return (
    <div className="space-y-3 text-bark-900">
      {content.map((block, index) => {
        switch (block.kind) {
          case "h2":
            return (
              <p key={index} className="font-serif text-xl font-bold text-forest-900">
                {inline(block.text, values)}
              </p>
            );
          case "h3":
            return (
              <p key={index} className="font-serif text-lg font-bold text-forest-900">
                {inline(block.text, values)}
              </p>
            );
          case "quote":
            return (
              <blockquote key={index} className="border-l-4 border-cream-200 pl-3 italic">
                {inline(block.text, values)}
              </blockquote>
            );
          case "ul":
          case "ol": {
            const List = block.kind;
            return (
              <List key={index} className={`${block.kind === "ul" ? "list-disc" : "list-decimal"} space-y-1 pl-6`}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item, values)}</li>
                ))}
              </List>
            );
          }
          default:
            return (
              <p key={index} className="whitespace-pre-line">
                {inline(block.text, values)}
              </p>
            );
        }
      })}
    </div>
  );
}
