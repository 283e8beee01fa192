/**
 * Lighthouse 12 with its default (mobile) settings in the system Chromium, several runs per page and
 * the median of each figure. Scores move between runs, so they are reported, never gated.
 */
import type { Result as LighthouseResult } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface LighthouseFigures {
  runs: number;
  /** Median score 0–100 per category; null when Lighthouse could not score the page. */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** Audits that cost points in the median run, per category below 100: the reasons. */
  lostPoints: Partial<Record<Category, string[]>>;
  /** Lighthouse's own error, e.g. for a page answered with 404. */
  error?: string;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const numbers = (values: (number | null | undefined)[]) => values.filter((v): v is number => typeof v === "number");

function lostPoints(lhr: LighthouseResult): Partial<Record<Category, string[]>> {
  const lost: Partial<Record<Category, string[]>> = {};
  for (const category of CATEGORIES) {
    const entry = lhr.categories[category];
    if (!entry || entry.score === null || entry.score >= 1) continue;
    lost[category] = entry.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit &&
          audit.score !== null &&
          audit.score < 1 &&
          ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode),
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
  }
  return lost;
}

export function summarise(results: LighthouseResult[]): LighthouseFigures {
  const scored = results.filter((lhr) => !lhr.runtimeError);
  const score = (category: Category) => {
    const value = median(numbers(scored.map((lhr) => lhr.categories[category]?.score)));
    return value === null ? null : Math.round(value * 100);
  };
  const metric = (id: string) => median(numbers(scored.map((lhr) => lhr.audits[id]?.numericValue)));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number | null>;
  // The run whose performance score is the median stands for the reasons.
  const byPerformance = [...scored].sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const medianRun = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  const cls = metric("cumulative-layout-shift");
  const figures: LighthouseFigures = {
    runs: results.length,
    scores,
    lcpMs: metric("largest-contentful-paint"),
    cls: cls === null ? null : Math.round(cls * 1000) / 1000,
    tbtMs: metric("total-blocking-time"),
    lostPoints: medianRun ? lostPoints(medianRun) : {},
  };
  const error = results.find((lhr) => lhr.runtimeError)?.runtimeError;
  if (error && scored.length === 0) figures.error = `${error.code}: ${error.message}`;
  return figures;
}

/** Runs Lighthouse `runs` times on each URL in one Chromium, page by page; `onPage` reports progress. */
export async function runLighthouse(
  urls: readonly string[],
  options: { runs: number; chromePath: string; onPage?: (url: string, figures: LighthouseFigures) => void },
): Promise<Map<string, LighthouseFigures>> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  const chrome = await chromeLauncher.launch({ chromePath: options.chromePath, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const figures = new Map<string, LighthouseFigures>();
  try {
    for (const url of urls) {
      const results: LighthouseResult[] = [];
      for (let run = 0; run < options.runs; run++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
        });
        if (result) results.push(result.lhr);
      }
      const summary = summarise(results);
      figures.set(url, summary);
      options.onPage?.(url, summary);
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
