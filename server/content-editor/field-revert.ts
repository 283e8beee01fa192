/**
 * Taking a change back field by field: every field the change set from `before` to `after` goes back to
 * `before` where the file still has `after`'s value; a field someone changed again since stays as it is now
 * and is named, so a planned withdrawal never undoes a later correction. Read the other way round, it is a
 * three-way merge: `revertFields(theirs, mine, base)` brings in my fields where theirs still has the base's
 * value, and names the fields both changed differently.
 */
type Dict = Record<string, unknown>;
const isDict = (value: unknown): value is Dict => typeof value === "object" && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface Reverted {
  data: unknown;
  /** Fields (as dotted paths) changed again since, left as they are. */
  kept: string[];
  /** The same fields as paths of keys and indexes. */
  keptPaths?: string[][];
}

export function revertFields(current: unknown, before: unknown, after: unknown, at: string[] = []): Reverted {
  if (same(before, after)) return { data: current, kept: [] };
  if (isDict(before) && isDict(after) && isDict(current)) {
    const data: Dict = { ...current };
    const kept: string[] = [];
    const keptPaths: string[][] = [];
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const inner = revertFields(current[key], before[key], after[key], [...at, key]);
      if (inner.data === undefined) delete data[key];
      else data[key] = inner.data;
      kept.push(...inner.kept);
      keptPaths.push(...(inner.keptPaths ?? []));
    }
    return { data, kept, keptPaths };
  }
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    Array.isArray(current) &&
    before.length === after.length &&
    after.length === current.length
  ) {
    const parts = current.map((item, index) => revertFields(item, before[index], after[index], [...at, String(index)]));
    return {
      data: parts.map((part) => part.data),
      kept: parts.flatMap((part) => part.kept),
      keptPaths: parts.flatMap((part) => part.keptPaths ?? []),
    };
  }
  if (same(current, after)) return { data: before, kept: [] };
  // Already as wanted (both sides made the same change): nothing to keep apart.
  if (same(current, before)) return { data: current, kept: [] };
  return { data: current, kept: [at.join(".") || "Datei"], keptPaths: [at] };
}
