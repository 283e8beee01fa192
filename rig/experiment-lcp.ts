/**
 * `npm run bench:experiment`: what a running experiment costs a visitor of the page. In a copy of this project
 * (a folder per checkout that keeps Gatsby's cache and build, so a second run builds warm) the site is built
 * twice: once as it is, with no experiment, and once with a running experiment on the home page's headline
 * (share 100 %, one variant). Each build is served by the real server on a port of its own; Lighthouse (mobile,
 * its simulated slow 4G and 4× CPU slowdown) measures the home page in turns, EXPERIMENT_LCP_RUNS times each
 * (default 9), and the median of each figure counts:
 *
 * - „Original ohne Experiment“: the first build's home page;
 * - „Variante B“: the second build's home page as the server sends it to a browser it shows variant B;
 * - „Original im Experiment (A)“: the same server's page for a browser it shows the original (for comparison).
 *
 * A real browser (Playwright, as `npm run audit` measures) reads the page's first flight (status line, headers and
 * compressed body), its scripts and what it leaves behind. Prints the figures and exits with 1 when the variant's
 * LCP is more than 1.05 × the original's, the variant adds a script or JavaScript, shifts more than the original,
 * sets a cookie, or breaks a page budget (rig/audit/budgets.ts). Writes reports/experiment-lcp.json. Runs Gatsby
 * and Lighthouse: run it while nothing else loads the machine, or the figures move with the load.
 */
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import type { Result as LighthouseResult } from "lighthouse";
import { budgetFailures, flightsFor, FIRST_FLIGHT_BYTES, kb } from "./audit/budgets";
import { CHROME_FLAGS, summarise, type LighthouseFigures } from "./audit/lighthouse";
import { measurePage, type PageMeasurement } from "./audit/measure";
import { formatTable } from "./audit/table";
import { gatsbyBuild } from "./bench/site";
import { findFreePort, startServer, stopServer, type ServerProcess } from "./server-load/server-process";
import { checkoutKey } from "../server/release/build-preview";
import { EXPERIMENTS_FILE } from "../common/experiments/experiment-schema";
import { BUILT_EXPERIMENTS_FILE, variantInput } from "../common/experiments/variant-pages";
import { GERMAN_TIME_ZONE } from "../common/german-time";

const ROOT = path.resolve(__dirname, "..");
const RUNS = Number(process.env.EXPERIMENT_LCP_RUNS ?? 9);
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** The goal: the variant's largest paint at most 5 % later than the page's without an experiment. */
const MAX_LCP_RATIO = 1.05;
/** Layout shift the variant may add to the original's (Lighthouse rounds to thousandths). */
const CLS_TOLERANCE = 0.005;
const REPORT = path.join(ROOT, "reports", "experiment-lcp.json");
const WORK_DIR = path.join(os.tmpdir(), `urkraft-bench-experiment-${checkoutKey(ROOT)}`);
const PROJECT = path.join(WORK_DIR, "project");
/** The first build's public/, kept while the second build writes its own. */
const WITHOUT_DIR = path.join(WORK_DIR, "ohne-experiment");

const ORIGINAL = "Natürliche Energie für Männer, die mitten im Leben stehen";
const VARIANT = "Mehr Kraft im Alltag – mit ein paar Minuten am Tag";
/** Lighthouse's phone (Lighthouse 12's mobile user agent); a mark per try finds a browser for each variant. */
const MOBILE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString("sv-SE", { timeZone: GERMAN_TIME_ZONE });

const HEADLINE_EXPERIMENT = {
  id: "startseite-titel",
  page: "/",
  field: "hero.title",
  variants: [VARIANT],
  share: 100,
  start: day(-1),
  end: day(30),
  status: "läuft",
};

/** Kept from one run to the next: Gatsby's cache and the last build. */
const KEPT = new Set([".cache", "public"]);

/** The project's files (tracked and new, with their times, so Gatsby rebuilds only what changed) in PROJECT. */
function copyProject(): void {
  mkdirSync(PROJECT, { recursive: true });
  for (const entry of readdirSync(PROJECT))
    if (!KEPT.has(entry)) rmSync(path.join(PROJECT, entry), { recursive: true, force: true });
  const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(PROJECT, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(PROJECT, file), { preserveTimestamps: true });
  }
  symlinkSync(path.join(ROOT, "node_modules"), path.join(PROJECT, "node_modules"));
}

function writeExperiments(experiments: unknown[]): void {
  const file = path.join(PROJECT, "content", EXPERIMENTS_FILE);
  const current = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...current, experiments }, null, 2)}\n`);
}

async function build(label: string): Promise<void> {
  process.stdout.write(`Build ${label} … `);
  const ms = await gatsbyBuild(PROJECT, ROOT);
  console.log(`${(ms / 1000).toFixed(0)} s`);
}

const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? "–" : (ms / 1000).toFixed(3));

/** A browser identity the server shows `variant` today: Lighthouse's phone with a mark of its own. */
async function userAgentFor(origin: string, variant: "A" | "B"): Promise<string> {
  const input = variantInput(HEADLINE_EXPERIMENT.id, variant);
  for (let mark = 0; mark < 100; mark++) {
    const userAgent = `${MOBILE_USER_AGENT} Messlauf/${mark}`;
    const response = await fetch(`${origin}/`, { headers: { "user-agent": userAgent } });
    const html = await response.text();
    if (!html.includes(input)) continue;
    if (response.headers.get("set-cookie")) throw new Error("Die Seite mit dem Experiment setzt ein Cookie.");
    if (response.headers.get("cache-control") !== "private, no-store")
      throw new Error(`Cache-Control der Seite mit dem Experiment: ${response.headers.get("cache-control")}`);
    const headline = variant === "B" ? VARIANT : ORIGINAL;
    if (!html.includes(`>${headline}</h1>`)) throw new Error(`Variante ${variant} zeigt nicht „${headline}“.`);
    return userAgent;
  }
  throw new Error(`Keine Browserkennung unter 100 bekommt Variante ${variant}.`);
}

interface Target {
  label: string;
  url: string;
  userAgent: string;
  results: LighthouseResult[];
  figures?: LighthouseFigures;
  measured?: PageMeasurement;
}

/** The runs in turns (original, variant, original in the experiment, again …), so a busy moment hits all alike. */
async function lighthouseInTurns(targets: Target[]): Promise<void> {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const target of targets) {
        // A run whose trace Lighthouse could not record (NO_NAVSTART now and then) is made again, twice at most.
        for (let attempt = 1; attempt <= 3; attempt++) {
          const result = await lighthouse(target.url, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            emulatedUserAgent: target.userAgent,
          });
          const audit = result?.lhr.audits["largest-contentful-paint"];
          const error = result?.lhr.runtimeError?.message ?? audit?.errorMessage;
          console.log(`  Lauf ${run}, ${target.label}: LCP ${seconds(audit?.numericValue)} s${error ? ` (${error})` : ""}`);
          if (result && typeof audit?.numericValue === "number") {
            target.results.push(result.lhr);
            break;
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }
  for (const target of targets) target.figures = summarise(target.results);
}

/** First flight, scripts, cookies and the other budgets in a real browser, as `npm run audit` measures them. */
async function measureInBrowser(targets: Target[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROME });
  try {
    for (const target of targets) {
      const context = await browser.newContext({ userAgent: target.userAgent });
      const { origin } = new URL(target.url);
      target.measured = await measurePage(context, origin, "/");
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** The element Lighthouse names as the largest paint, in the median run's words. */
function lcpElement(results: LighthouseResult[]): string {
  const details = results.at(Math.floor(results.length / 2))?.audits["largest-contentful-paint-element"]?.details as
    { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ""} („${(node.nodeLabel ?? "").slice(0, 40)}“)` : "–";
}

const scriptNames = (m: PageMeasurement | undefined) => (m?.scripts ?? []).map((s) => s.url).sort();

/** What the variant breaks, each as one line; empty when it keeps every goal and budget. */
function experimentFailures(original: Target, variant: Target): string[] {
  const failures: string[] = [];
  const ratio = lcpRatioOf(original, variant);
  if (ratio === null) failures.push("LCP nicht gemessen");
  else if (ratio > MAX_LCP_RATIO) failures.push(`LCP der Variante ${ratio.toFixed(3)} × das Original (Ziel ≤ ${MAX_LCP_RATIO})`);
  const [o, v] = [original.measured!, variant.measured!];
  failures.push(...budgetFailures(v).map((line) => `Variante: ${line}`));
  const added = scriptNames(v).filter((name) => !scriptNames(o).includes(name));
  if (added.length > 0) failures.push(`Variante lädt Skripte, die das Original nicht lädt: ${added.join(", ")}`);
  if (v.firstLoadJsGzipBytes > o.firstLoadJsGzipBytes)
    failures.push(`Variante: ${v.firstLoadJsGzipBytes} B JavaScript (gzip) statt ${o.firstLoadJsGzipBytes} B wie das Original`);
  const [oCls, vCls] = [original.figures?.cls ?? 0, variant.figures?.cls];
  if (vCls === null || vCls === undefined) failures.push("CLS der Variante nicht gemessen");
  else if (vCls > oCls + CLS_TOLERANCE) failures.push(`CLS der Variante ${vCls} > ${oCls} des Originals`);
  return failures;
}

function lcpRatioOf(original: Target, variant: Target): number | null {
  const [o, v] = [original.figures?.lcpMs, variant.figures?.lcpMs];
  return o && v ? v / o : null;
}

/** The real server for a build, with a database of its own that goes when it stops. */
async function serve(publicDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "urkraft-bench-experiment-data-"));
  const server: ServerProcess = await startServer(await findFreePort(), {
    PUBLIC_DIR: publicDir,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    MAIL_WORKER: "false",
    RATE_LIMIT_MAX: "100000",
    OWNER_EMAILS: "",
    EDITOR_EMAILS: "",
  });
  return {
    url: server.url,
    stop: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  copyProject();
  const listed = (JSON.parse(readFileSync(path.join(PROJECT, "content", EXPERIMENTS_FILE), "utf8")) as { experiments: unknown[] })
    .experiments;
  if (listed.length > 0)
    console.log(`content/${EXPERIMENTS_FILE} nennt ${listed.length} Experiment(e); der Vergleich baut ohne sie.`);
  writeExperiments([]);
  await build("ohne Experiment");
  rmSync(WITHOUT_DIR, { recursive: true, force: true });
  cpSync(path.join(PROJECT, "public"), WITHOUT_DIR, { recursive: true });
  writeExperiments([HEADLINE_EXPERIMENT]);
  await build("mit dem Experiment auf der Überschrift der Startseite");
  const built = JSON.parse(readFileSync(path.join(PROJECT, "public", BUILT_EXPERIMENTS_FILE), "utf8")) as {
    experiments: unknown[];
  };
  if (built.experiments.length !== 1) throw new Error("Der Build mit dem Experiment enthält es nicht.");

  const without = await serve(WITHOUT_DIR);
  const withExperiment = await serve(path.join(PROJECT, "public"));
  try {
    const plain = await fetch(`${without.url}/`).then((response) => response.text());
    if (!plain.includes(`>${ORIGINAL}</h1>`) || plain.includes('name="experiment"'))
      throw new Error("Die Seite ohne Experiment ist nicht das Original.");
    const targets: Target[] = [
      { label: "Original ohne Experiment", url: `${without.url}/`, userAgent: MOBILE_USER_AGENT, results: [] },
      { label: "Variante B", url: `${withExperiment.url}/`, userAgent: await userAgentFor(withExperiment.url, "B"), results: [] },
      {
        label: "Original im Experiment (A)",
        url: `${withExperiment.url}/`,
        userAgent: await userAgentFor(withExperiment.url, "A"),
        results: [],
      },
    ];
    console.log(`Lighthouse (mobil, gedrosselt), ${RUNS} Läufe je Seite, abwechselnd:`);
    await lighthouseInTurns(targets);
    await measureInBrowser(targets);
    const [original, variant] = targets as [Target, Target, Target];

    const table = formatTable(
      [
        "Seite",
        "LCP s",
        "× Original",
        "CLS",
        "TBT ms",
        "Erster Flug B",
        "Flüge",
        "JS KB gz",
        "Skripte",
        "Cookies",
        "LCP-Element",
      ],
      targets.map((target) => {
        const m = target.measured!;
        const ratio = lcpRatioOf(original, target);
        return [
          target.label,
          seconds(target.figures?.lcpMs),
          ratio === null ? "–" : ratio.toFixed(3),
          target.figures?.cls ?? "–",
          target.figures?.tbtMs?.toFixed(0) ?? "–",
          `${m.documentBytes} / ${FIRST_FLIGHT_BYTES}`,
          flightsFor(m.documentBytes),
          kb(m.firstLoadJsGzipBytes).toFixed(1),
          m.scripts.map((s) => `${s.url} ${s.gzipBytes} B`).join(", "),
          m.cookies.length,
          lcpElement(target.results),
        ];
      }),
    );
    console.log(`\n${table}\n`);
    const ratio = lcpRatioOf(original, variant);
    console.log(
      `LCP Original ${seconds(original.figures?.lcpMs)} s, Variante ${seconds(variant.figures?.lcpMs)} s, Verhältnis ${ratio?.toFixed(3) ?? "–"} (Ziel ≤ ${MAX_LCP_RATIO})`,
    );
    console.log(
      `Einzelne LCP-Läufe (ms): ${targets.map((t) => `${t.label}: ${t.results.map((r) => Math.round(r.audits["largest-contentful-paint"]?.numericValue ?? 0)).join(", ")}`).join("; ")}`,
    );

    const failures = experimentFailures(original, variant);
    mkdirSync(path.dirname(REPORT), { recursive: true });
    writeFileSync(
      REPORT,
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          runs: RUNS,
          experiment: HEADLINE_EXPERIMENT,
          lcpRatio: ratio,
          maxLcpRatio: MAX_LCP_RATIO,
          pages: targets.map(({ label, userAgent, figures, measured, results }) => ({
            label,
            userAgent,
            lighthouse: figures,
            lcpRunsMs: results.map((r) => r.audits["largest-contentful-paint"]?.numericValue ?? null),
            measured,
          })),
          failures,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Bericht: ${path.relative(ROOT, REPORT)}`);
    if (failures.length > 0) {
      console.error(`\nNicht eingehalten:\n  ${failures.join("\n  ")}`);
      process.exitCode = 1;
    } else console.log("\nZiel und Budgets eingehalten.");
  } finally {
    await Promise.all([without.stop(), withExperiment.stop()]);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
