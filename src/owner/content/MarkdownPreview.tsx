/**
 * A preview of Markdown as the editor writes it: headings, paragraphs, lists, quotes, **bold**, *italic*
 * and links, built as elements (never as HTML from the text), so nothing typed can become markup.
 * Placeholders such as {{brand}} are shown as they are, marked.
 */
import React from "react";

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

function inline(text: string): React.ReactNode[] {
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
    else if (match[5] !== undefined)
      parts.push(
        <span key={key} className="rounded bg-cream-100 px-1 font-mono text-xs text-bark-700">
          {match[5]}
        </span>,
      );
    else parts.push("\u00a0");
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function MarkdownPreview({ text }: { text: string }) {
  const content = blocks(text);
  if (content.length === 0) return <p className="text-bark-700">Noch kein Text.</p>;
  return (
    <div className="space-y-3 text-bark-900">
      {content.map((block, index) => {
        switch (block.kind) {
          case "h2":
            return (
              <p key={index} className="font-serif text-xl font-bold text-forest-900">
                {inline(block.text)}
              </p>
            );
          case "h3":
            return (
              <p key={index} className="font-serif text-lg font-bold text-forest-900">
                {inline(block.text)}
              </p>
            );
          case "quote":
            return (
              <blockquote key={index} className="border-l-4 border-cream-200 pl-3 italic">
                {inline(block.text)}
              </blockquote>
            );
          case "ul":
          case "ol": {
            const List = block.kind;
            return (
              <List key={index} className={`${block.kind === "ul" ? "list-disc" : "list-decimal"} space-y-1 pl-6`}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{inline(item)}</li>
                ))}
              </List>
            );
          }
          default:
            return (
              <p key={index} className="whitespace-pre-line">
                {inline(block.text)}
              </p>
            );
        }
      })}
    </div>
  );
}
