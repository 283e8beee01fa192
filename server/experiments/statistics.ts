/**
 * The figures of an experiment's variants: the conversion rate (confirmed sign-ups per view of a person
 * taking part) with its 95 % Wilson interval, and the probability that a variant's true rate beats the
 * original's, from the Beta posteriors of both (uniform prior) by Monte Carlo with a fixed seed, so the same
 * counts always give the same figure. And the plain warning while the figures cannot carry a decision yet.
 */

/** At least this many conversions per variant, and this many days, before a result is more than a hint. */
export const MIN_CONVERSIONS = 100;
export const MIN_DAYS = 7;
const DRAWS = 40_000;
const Z95 = 1.959964;

export interface Interval {
  low: number;
  high: number;
}

/** The 95 % Wilson score interval of `successes` out of `trials` (0 to 1 without trials). */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (trials <= 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** mulberry32: a small seeded generator, so a result can be worked out again to the last digit. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, 1) draw (Marsaglia and Tsang; shape ≥ 1, which a uniform prior guarantees). */
function gamma(shape: number, random: () => number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

function beta(a: number, b: number, random: () => number): number {
  const x = gamma(a, random);
  return x / (x + gamma(b, random));
}

/** P(rate of the variant > rate of the original), both Beta(1 + conversions, 1 + views − conversions). */
export function probabilityToBeat(
  variant: { conversions: number; views: number },
  original: { conversions: number; views: number },
  seed = 20261204,
): number {
  const random = seeded(seed);
  let wins = 0;
  for (let draw = 0; draw < DRAWS; draw++) {
    const v = beta(1 + variant.conversions, 1 + Math.max(0, variant.views - variant.conversions), random);
    const o = beta(1 + original.conversions, 1 + Math.max(0, original.views - original.conversions), random);
    if (v > o) wins += 1;
  }
  return wins / DRAWS;
}

export interface VariantResult {
  variant: string;
  views: number;
  leads: number;
  confirmed: number;
  contacts: number;
  rate: number;
  interval: Interval;
  /** Undefined for the original itself. */
  beatsOriginal?: number;
}

/** Each variant's result, the original ("A") first. */
export function variantResults(
  figures: readonly { variant: string; views: number; leads: number; confirmed: number; contacts: number }[],
): VariantResult[] {
  const original = figures.find((figure) => figure.variant === "A");
  return figures.map((figure) => ({
    ...figure,
    rate: figure.views > 0 ? figure.confirmed / figure.views : 0,
    interval: wilsonInterval(figure.confirmed, figure.views),
    beatsOriginal:
      figure.variant === "A" || !original
        ? undefined
        : probabilityToBeat(
            { conversions: figure.confirmed, views: figure.views },
            { conversions: original.confirmed, views: original.views },
          ),
  }));
}

/** The German warning while a variant has too few conversions or the experiment ran too few days; undefined after. */
export function earlyWarning(results: readonly VariantResult[], daysRun: number): string | undefined {
  const fewest = Math.min(...results.map((result) => result.confirmed));
  const reasons: string[] = [];
  if (fewest < MIN_CONVERSIONS)
    reasons.push(
      `eine Variante hat erst ${fewest} bestätigte Anmeldungen (verlässlich wird es ab etwa ${MIN_CONVERSIONS} je Variante)`,
    );
  if (daysRun < MIN_DAYS)
    reasons.push(
      `das Experiment läuft erst ${daysRun} ${daysRun === 1 ? "Tag" : "Tage"} (mindestens ${MIN_DAYS}, damit jeder Wochentag dabei ist)`,
    );
  if (reasons.length === 0) return undefined;
  return `Noch zu früh für eine Entscheidung: ${reasons.join(" und ")}. Die Zahlen können sich noch deutlich ändern.`;
}
