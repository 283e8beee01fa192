/**
 * Reading a login route's body, which has no schema (a refused login is recorded before it is answered):
 * only strings count, anything else is treated as missing. Every other route declares its input in
 * common/owner/schemas.ts.
 */
export function field(body: unknown, name: string): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === "string" && !value.includes("\0") ? value : undefined;
}
