/**
 * Which variant a page view shows, chosen on the server per request: an HMAC of the address, the user agent,
 * the day and the experiment under the day's secret (db/daily-secrets.ts, made fresh each day and deleted the
 * day after next). So one person sees the same variant all day, without a cookie or anything read from their
 * device, and nothing is kept: the hash is used for the choice and dropped, and once the day's secret is gone
 * no one can work out again who saw what.
 */
import { createHmac } from "node:crypto";
import { VARIANT_NAMES, type VariantName } from "../../common/experiments/variant-pages";

export interface AssignInput {
  secret: string;
  day: string;
  address: string;
  userAgent: string;
  experiment: string;
}

/**
 * The variant ("A" the original, then "B", "C") for `variants` variants in all, or null when this view is
 * not part of the experiment (outside `share` percent); the shares of the variants are equal.
 */
export function assignVariant(input: AssignInput, share: number, variants: number): VariantName | null {
  const digest = createHmac("sha256", input.secret)
    .update(`${input.day}\n${input.experiment}\n${input.address}\n${input.userAgent}`)
    .digest();
  // 48 bits of the hash as a number in [0, 1).
  const point = digest.readUIntBE(0, 6) / 2 ** 48;
  const inside = share / 100;
  if (point >= inside) return null;
  return VARIANT_NAMES[Math.min(variants - 1, Math.floor((point / inside) * variants))]!;
}
