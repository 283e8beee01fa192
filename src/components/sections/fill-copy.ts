import { fillPlaceholders } from "../../../common/content/placeholders";

/** Page copy with its {{replyWithinHours}}-style placeholders filled from content/site.json. */
export function fillCopy<T>(value: T, site: unknown): T {
  if (typeof value === "string") return fillPlaceholders(value, site) as T;
  if (Array.isArray(value)) return value.map((item) => fillCopy(item, site)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillCopy(item, site)])) as T;
  }
  return value;
}
