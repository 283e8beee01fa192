/**
 * Where things stand in a JSON file's text, for messages and annotations on the exact line and column: the
 * position of each value's key (or, in a list, of the value itself) by its path as the content check names
 * fields ("hero.lead", "[1].rating", "ingredients[2]"), and the line and column of a character offset.
 */
import { visit, type JSONPath } from "jsonc-parser";

export interface TextPosition {
  /** 1-based, as editors count. */
  line: number;
  column: number;
}

export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** A path as the content check names it: "hero.lead", "[1].rating", "ingredients[2]". */
function pathName(path: JSONPath): string {
  return path.reduce<string>(
    (name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment),
    "",
  );
}

/**
 * Every path of a JSON text with the offset where it starts (the key of an object member, the value of a
 * list entry). Stops quietly at a syntax error: what was read before it is kept.
 */
export function jsonPaths(text: string): Map<string, number> {
  const found = new Map<string, number>();
  // jsonc-parser reads on past an error; the check reports the error with its own position.
  let broken = false;
  const listEntry = (offset: number, path: JSONPath) => {
    if (!broken && typeof path.at(-1) === "number") found.set(pathName(path), offset);
  };
  visit(
    text,
    {
      onObjectProperty: (key, offset, _length, _line, _column, path) => {
        if (!broken) found.set(pathName([...path(), key]), offset);
      },
      onObjectBegin: (offset, _length, _line, _column, path) => listEntry(offset, path()),
      onArrayBegin: (offset, _length, _line, _column, path) => listEntry(offset, path()),
      onLiteralValue: (_value, offset, _length, _line, _column, path) => listEntry(offset, path()),
      onError: () => {
        broken = true;
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return found;
}

/** The line and column of a JSON.parse error ("… in JSON at position 61"), or undefined. */
export function syntaxErrorPosition(text: string, message: string): TextPosition | undefined {
  const offset = /at position (\d+)/.exec(message)?.[1];
  if (offset !== undefined) return positionAt(text, Number(offset));
  if (/Unexpected end of JSON input/.test(message)) return positionAt(text, text.length);
  return undefined;
}
