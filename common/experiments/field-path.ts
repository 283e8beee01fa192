/** A dotted field of a content file ("hero.title", "story.paragraphs[1]"): read and replaced without touching the rest. */

export function fieldKeys(field: string): (string | number)[] | undefined {
  if (!/^[A-Za-z]\w*(?:\[\d+\])*(?:\.[A-Za-z]\w*(?:\[\d+\])*)*$/.test(field)) return undefined;
  const keys: (string | number)[] = [];
  for (const part of field.split(".")) {
    const [name, ...indexes] = part.split("[");
    keys.push(name!);
    for (const index of indexes) keys.push(Number(index.slice(0, -1)));
  }
  return keys;
}

/** The value at `field`, or undefined. */
export function valueAt(value: unknown, field: string): unknown {
  let current = value;
  for (const key of fieldKeys(field) ?? [""]) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A copy of `value` with the string at `field` replaced; `value` itself is left as it is. */
export function withTextAt<T>(value: T, field: string, text: string): T {
  const keys = fieldKeys(field);
  if (!keys || typeof valueAt(value, field) !== "string") return value;
  const copy = (node: unknown, depth: number): unknown => {
    if (depth === keys.length) return text;
    const key = keys[depth]!;
    if (Array.isArray(node)) return node.map((item, index) => (index === key ? copy(item, depth + 1) : item));
    const record = node as Record<string, unknown>;
    return { ...record, [key]: copy(record[key as string], depth + 1) };
  };
  return copy(value, 0) as T;
}
