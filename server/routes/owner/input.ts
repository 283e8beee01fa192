/** Reading owner API input: only strings count, anything else is treated as missing. */
export function field(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && !value.includes("\0") ? value : undefined;
}

/** A record id from the path: digits only, within PostgreSQL's integer. */
export function recordId(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
