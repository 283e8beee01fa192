/**
 * Where things stand in a JSON file's text, for messages and annotations on the exact line and column: the
 * position of each value's key (or, in a list, of the value itself) by its path as the content check names
 * fields ("hero.lead", "[1].rating", "ingredients[2]"), and the line and column of a character offset.
 */

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

/**
 * Every path of a JSON text with the offset where it starts (the key of an object member, the value of a
 * list entry). Stops quietly at a syntax error: what was read before it is kept.
 */
export function jsonPaths(text: string): Map<string, number> {
  const found = new Map<string, number>();
  let i = 0;
  const space = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = (): string => {
    let value = "";
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") {
        value += text.slice(i, i + 2);
        i += 2;
      } else value += text[i++];
    }
    i++;
    try {
      return JSON.parse(`"${value}"`) as string;
    } catch {
      return value;
    }
  };
  const value = (at: string): void => {
    space();
    const char = text[i];
    if (char === "{") {
      i++;
      space();
      while (i < text.length && text[i] !== "}") {
        space();
        if (text[i] !== '"') throw new Error("key expected");
        const start = i;
        const key = string();
        const path = at ? `${at}.${key}` : key;
        found.set(path, start);
        space();
        if (text[i] !== ":") throw new Error(": expected");
        i++;
        value(path);
        space();
        if (text[i] === ",") i++;
        else if (text[i] !== "}") throw new Error(", expected");
        space();
      }
      i++;
    } else if (char === "[") {
      i++;
      space();
      let index = 0;
      while (i < text.length && text[i] !== "]") {
        space();
        const path = `${at}[${index}]`;
        found.set(path, i);
        value(path);
        index++;
        space();
        if (text[i] === ",") i++;
        else if (text[i] !== "]") throw new Error(", expected");
        space();
      }
      i++;
    } else if (char === '"') {
      string();
    } else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    }
  };
  try {
    value("");
  } catch {
    // A syntax error: the check reports it with its own position.
  }
  return found;
}

/** The line and column of a JSON.parse error ("… in JSON at position 61"), or undefined. */
export function syntaxErrorPosition(text: string, message: string): TextPosition | undefined {
  const offset = /at position (\d+)/.exec(message)?.[1];
  if (offset !== undefined) return positionAt(text, Number(offset));
  if (/Unexpected end of JSON input/.test(message)) return positionAt(text, text.length);
  return undefined;
}
