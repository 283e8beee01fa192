/**
 * `npm run audit`: against a running server (BASE_URL, default http://127.0.0.1:9000; start it with
 * `npm start`) it visits every route, every other page in the local build (public/) and a missing path
 * in the system Chromium and reports per page:
 * Lighthouse (mobile, median of AUDIT_RUNS runs, default 3), axe-core WCAG 2.1 AA, first-load JS in KB
 * gzip, the page's own answer in bytes and the TCP flights it needs (budgets.ts), total transfer, requests to other origins, cookies and storage, CSP violations and images
 * without size; also axe on both forms showing their errors. Lighthouse measures the floor page too (the
 * home page's text as plain HTML, rig/audit/floor.ts) and each page's LCP as a multiple of the
 * floor's (goal ≤ 1.5). AUDIT_PAGES (comma-separated paths) limits it to some pages. Prints one table, writes
 * reports/audit.json and exits with 1 when a budget (rig/audit/budgets.ts) is broken.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, devices } from "@playwright/test";
import { NOT_FOUND_PATH, budgetFailures, documentFlights, firstLoadJsBudgetKb, flightsFor, kb } from "./audit/budgets";
import { floorPage, lcpRatio, serveFloor } from "./audit/floor";
import { CATEGORIES, runLighthouse, type LighthouseFigures } from "./audit/lighthouse";
import { FORMS, axeAfterFailedSubmit, measurePage, type AxeFinding, type PageMeasurement } from "./audit/measure";
import { ownerShellJs } from "./audit/owner-area";
import { pagesToMeasure } from "./audit/pages";
import { formatTable } from "./audit/table";

const baseUrl = (process.env.BASE_URL ?? "http://127.0.0.1:9000").replace(/\/+$/, "");
const runs = Number(process.env.AUDIT_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reportFile = path.resolve("reports/audit.json");
/** AUDIT_PAGES=/datenschutz,/agb measures only these pages (the floor is always measured too). */
const onlyPages = process.env.AUDIT_PAGES?.split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const paths = [...pagesToMeasure(), NOT_FOUND_PATH].filter((p) => !onlyPages || onlyPages.includes(p));
/** The owner area: measured apart from the public pages and their budgets, when the server has it on. */
const OWNER_PATH = "/verwaltung";

interface FormState {
  form: string;
  path: string;
  invalidFields: number | null;
  axe: AxeFinding[];
  error?: string;
}

async function checkServer(): Promise<void> {
  try {
    const response = await fetch(`${baseUrl}/`);
    if (response.status >= 500) throw new Error(`Status ${response.status}`);
  } catch (error) {
    throw new Error(
      `Kein Server unter ${baseUrl} erreichbar (${(error as Error).message}). Starte ihn mit „npm start“ oder setze BASE_URL.`,
    );
  }
}

async function measureAll(): Promise<{ pages: PageMeasurement[]; forms: FormState[]; owner?: PageMeasurement }> {
  const browser = await chromium.launch({ executablePath: chromePath });
  try {
    const pages: PageMeasurement[] = [];
    for (const pagePath of paths) {
      // A fresh context per page: cookies and storage found afterwards belong to this one visit.
      const context = await browser.newContext({ ...devices["Desktop Chrome"] });
      pages.push(await measurePage(context, baseUrl, pagePath));
      await context.close();
      process.stdout.write(`gemessen: ${pagePath}\n`);
    }
    const forms: FormState[] = [];
    for (const [name, form] of Object.entries(FORMS)) {
      const context = await browser.newContext({ ...devices["Desktop Chrome"] });
      try {
        const state = await axeAfterFailedSubmit(context, baseUrl, form);
        forms.push({ form: name, path: form.path, ...state });
      } catch (error) {
        forms.push({ form: name, path: form.path, invalidFields: null, axe: [], error: (error as Error).message.split("\n")[0] });
      }
      await context.close();
    }
    const ownerContext = await browser.newContext({ ...devices["Desktop Chrome"] });
    const owner = (await fetch(`${baseUrl}${OWNER_PATH}`)).ok ? await measurePage(ownerContext, baseUrl, OWNER_PATH) : undefined;
    await ownerContext.close();
    return { pages, forms, owner };
  } finally {
    await browser.close();
  }
}

const score = (value: number | null | undefined) => (value === null || value === undefined ? "–" : String(value));
const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? "–" : value.toFixed(digits);

function table(
  pages: PageMeasurement[],
  lighthouse: Map<string, LighthouseFigures>,
  floor: LighthouseFigures | undefined,
): string {
  const headers = [
    "Seite",
    "Perf",
    "A11y",
    "BP",
    "SEO",
    "LCP s",
    "LCP/Boden",
    "CLS",
    "TBT ms",
    "axe",
    "JS KB gz",
    "Budget",
    "Seite B",
    "Flüge",
    "Transfer KB",
    "Fremd",
    "Cookies",
    "Speicher",
    "CSP",
    "img o. Maße",
  ];
  const rows = pages.map((m) => {
    const lh = lighthouse.get(`${baseUrl}${m.path}`);
    return [
      m.path,
      score(lh?.scores.performance),
      score(lh?.scores.accessibility),
      score(lh?.scores["best-practices"]),
      score(lh?.scores.seo),
      fixed(lh?.lcpMs === null || lh?.lcpMs === undefined ? null : lh.lcpMs / 1000, 2),
      fixed(lcpRatio(lh?.lcpMs, floor?.lcpMs), 2),
      fixed(lh?.cls, 3),
      fixed(lh?.tbtMs, 0),
      m.axe.length,
      kb(m.firstLoadJsGzipBytes).toFixed(1),
      `≤ ${firstLoadJsBudgetKb(m.path)}`,
      m.documentBytes,
      `${flightsFor(m.documentBytes)}/${documentFlights(m.path)}`,
      kb(m.transferBytes).toFixed(1),
      m.foreignRequests.length,
      m.cookies.length,
      m.storageKeys.length,
      m.cspViolations.length,
      m.imagesWithoutSize.length,
    ];
  });
  const floorRow = [
    "(Boden)",
    score(floor?.scores.performance),
    score(floor?.scores.accessibility),
    score(floor?.scores["best-practices"]),
    score(floor?.scores.seo),
    fixed(floor?.lcpMs === null || floor?.lcpMs === undefined ? null : floor.lcpMs / 1000, 2),
    fixed(floor?.lcpMs ? 1 : null, 2),
    fixed(floor?.cls, 3),
    fixed(floor?.tbtMs, 0),
    ...headers.slice(9).map(() => "–"),
  ];
  return formatTable(headers, [floorRow, ...rows]);
}

function formFailures(forms: FormState[]): string[] {
  return forms.flatMap((f) => [
    ...(f.error ? [`${f.path} (${f.form}-Formular nach leerem Absenden): nicht messbar: ${f.error}`] : []),
    ...f.axe.map(
      (v) => `${f.path} (${f.form}-Formular mit Fehlern): axe ${v.id} (${v.impact ?? "?"}): ${v.help} → ${v.targets.join(", ")}`,
    ),
  ]);
}

async function main(): Promise<void> {
  await checkServer();
  console.log(`Audit von ${baseUrl}: ${paths.length} Seiten, Lighthouse ${runs}× je Seite\n`);
  const { pages, forms, owner } = await measureAll();

  // The floor is measured first, in the same Chromium and run as the pages it is compared with.
  const floorServer = await serveFloor(floorPage(await (await fetch(`${baseUrl}/`)).text()));
  const lighthouse = await runLighthouse([floorServer.url, ...paths.map((p) => `${baseUrl}${p}`)], {
    runs,
    chromePath,
    onPage: (url, figures) =>
      console.log(
        `Lighthouse: ${url === floorServer.url ? "(Boden)" : url.slice(baseUrl.length)} ${CATEGORIES.map((c) => score(figures.scores[c])).join("/")}${figures.error ? ` (${figures.error})` : ""}`,
      ),
  }).finally(() => floorServer.close());
  const floor = lighthouse.get(floorServer.url);

  const failures = [...pages.flatMap(budgetFailures), ...formFailures(forms)];
  const reloaded = pages.filter((m) => m.documentLoads > 1).map((m) => m.path);
  if (reloaded.length > 0) console.warn(`\nWährend der Messung neu geladen (Build während des Audits?): ${reloaded.join(", ")}`);
  console.log(`\n${table(pages, lighthouse, floor)}\n`);
  console.log(
    forms
      .map(
        (f) =>
          `Formular ${f.form} (${f.path}) nach leerem Absenden: ${f.error ? "nicht messbar" : `${f.invalidFields} Felder markiert, axe ${f.axe.length}`}`,
      )
      .join("\n"),
  );

  const ownerBuildJs = ownerShellJs(path.resolve("public"));
  console.log(
    `\nVerwaltung (${OWNER_PATH}, hinter der Anmeldung, nicht in den Budgets): ${
      owner
        ? `First-Load-JS ${kb(owner.firstLoadJsGzipBytes).toFixed(1)} KB gzip bis zur Anmeldeseite (${owner.scripts.map((s) => `${s.url} ${s.gzipBytes} B`).join(", ")}), axe ${owner.axe.length}`
        : "auf diesem Server aus (OWNER_EMAILS nicht gesetzt)"
    }; laut Build lädt jede Ansicht vorab ${ownerBuildJs.reduce((sum, s) => sum + s.gzipBytes, 0)} B gzip JS.`,
  );

  const below100 = paths.flatMap((p) => {
    const lh = lighthouse.get(`${baseUrl}${p}`);
    if (!lh) return [];
    if (lh.error) return [`${p}: Lighthouse ohne Wertung – ${lh.error}`];
    return Object.entries(lh.lostPoints).map(
      ([category, audits]) => `${p} ${category} ${lh.scores[category as keyof typeof lh.scores]}: ${audits.join(", ")}`,
    );
  });
  if (below100.length > 0) console.log(`\nUnter 100 (Audits, die Punkte kosten):\n  ${below100.join("\n  ")}`);

  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  const report = {
    baseUrl,
    measuredAt: new Date().toISOString(),
    lighthouseRuns: runs,
    floor: floor ?? null,
    pages: pages.map((m) => ({
      ...m,
      firstLoadJsBudgetKb: firstLoadJsBudgetKb(m.path),
      lighthouse: lighthouse.get(`${baseUrl}${m.path}`) ?? null,
      lcpRatioToFloor: lcpRatio(lighthouse.get(`${baseUrl}${m.path}`)?.lcpMs, floor?.lcpMs),
    })),
    forms,
    ownerArea: { path: OWNER_PATH, measured: owner ?? null, shellJs: ownerBuildJs },
    budgetFailures: failures,
  };
  fs.writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nBericht: ${path.relative(process.cwd(), reportFile)}`);

  if (failures.length > 0) {
    console.error(`\n${failures.length} Budget(s) überschritten:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nAlle Budgets eingehalten.");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
