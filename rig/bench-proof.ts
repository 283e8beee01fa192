/**
 * `npm run bench:proof`: what the forms' proof of work costs a visitor, in the system Chromium against a running
 * server (BASE_URL, default http://127.0.0.1:9000; start it with `npm start`). At CPU 1× and 4× (CDP
 * Emulation.setCPUThrottlingRate) it measures, PROOF_RUNS times each (default 15):
 * - worker: a challenge from GET /api/challenge solved by static/proof-of-work.js in a Web Worker, as the
 *   forms do it, with the main thread's long tasks meanwhile (the throttling reaches the page's main thread;
 *   the hashing itself runs in the browser's crypto threads either way);
 * - main thread: the same solver run on the page's main thread, where the throttling applies to all its
 *   JavaScript: the upper bound of a slow phone;
 * - form: on a fresh home page, from the first focus in the info form (which also starts the scripts) until its
 *   hidden field holds the answer: what a visitor waits for at most when sending at once.
 * Prints median, 90th percentile and maximum in ms.
 */
import { chromium, type Page } from "@playwright/test";
import { PROOF_FIELD } from "../common/forms/proof-of-work";
import { API_PATHS } from "../common/routes";

const baseUrl = (process.env.BASE_URL ?? "http://127.0.0.1:9000").replace(/\/+$/, "");
const runs = Number(process.env.PROOF_RUNS ?? 15);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RATES = [1, 4];
const WORKER = "/proof-of-work.js";

interface Figures {
  median: number;
  p90: number;
  max: number;
}

function figures(values: number[]): Figures {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { median: at(0.5), p90: at(0.9), max: sorted.at(-1)! };
}

async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** One challenge solved in a worker; also the longest main-thread task meanwhile. */
async function inWorker(page: Page): Promise<{ ms: number; longestTask: number }> {
  return page.evaluate(
    async ({ challengeUrl, worker }) => {
      const challenge = await (await fetch(challengeUrl)).json();
      let longestTask = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longestTask = Math.max(longestTask, entry.duration);
      });
      observer.observe({ type: "longtask" });
      const started = performance.now();
      const number = await new Promise((resolve) => {
        const solver = new Worker(worker);
        solver.onmessage = (event) => {
          solver.terminate();
          resolve(event.data.number);
        };
        solver.postMessage(challenge);
      });
      const ms = performance.now() - started;
      observer.disconnect();
      if (typeof number !== "number") throw new Error("no answer");
      return { ms, longestTask };
    },
    { challengeUrl: API_PATHS.challenge, worker: WORKER },
  );
}

/** One challenge solved by the same code on the page's main thread. */
async function onMainThread(page: Page): Promise<number> {
  return page.evaluate(async (challengeUrl) => {
    const challenge = await (await fetch(challengeUrl)).json();
    const solve = (window as unknown as { solveProofOfWork: (c: unknown) => Promise<number | null> }).solveProofOfWork;
    const started = performance.now();
    if (typeof (await solve(challenge)) !== "number") throw new Error("no answer");
    return performance.now() - started;
  }, API_PATHS.challenge);
}

/** A fresh home page: from the first focus in the info form until the form holds the answer. */
async function inForm(page: Page): Promise<number> {
  await page.goto(`${baseUrl}/`);
  await page.waitForLoadState("load");
  const field = page.locator("#info-form").getByLabel("Dein Vorname");
  await page.evaluate(() => {
    document.addEventListener("focusin", () => ((window as unknown as { focusedAt: number }).focusedAt = performance.now()), {
      capture: true,
      once: true,
    });
  });
  await field.focus();
  const hidden = page.locator(`#info-form input[name="${PROOF_FIELD}"]`);
  await hidden.waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForFunction(
    (selector) => (document.querySelector<HTMLInputElement>(selector)?.value ?? "") !== "",
    `#info-form input[name="${PROOF_FIELD}"]`,
    {
      timeout: 30_000,
      polling: 10,
    },
  );
  return page.evaluate(() => performance.now() - (window as unknown as { focusedAt: number }).focusedAt);
}

const row = (label: string, values: Figures) =>
  `${label.padEnd(34)} ${String(Math.round(values.median)).padStart(7)} ${String(Math.round(values.p90)).padStart(7)} ${String(Math.round(values.max)).padStart(7)}`;

async function main(): Promise<void> {
  const challenge = await (await fetch(`${baseUrl}${API_PATHS.challenge}`)).json();
  const browser = await chromium.launch({ executablePath: chromePath });
  const lines = [
    `Proof of work, maxnumber ${challenge.maxnumber}, ${runs} runs each (ms)`,
    `${"".padEnd(34)}  median     p90     max`,
  ];
  try {
    for (const rate of RATES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${baseUrl}/`);
      await page.addScriptTag({ url: WORKER });
      await throttle(page, rate);
      const worker: number[] = [];
      const tasks: number[] = [];
      const main: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await inWorker(page);
        worker.push(result.ms);
        tasks.push(result.longestTask);
        main.push(await onMainThread(page));
      }
      await context.close();
      const form: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const formContext = await browser.newContext();
        const formPage = await formContext.newPage();
        await throttle(formPage, rate);
        form.push(await inForm(formPage));
        await formContext.close();
      }
      lines.push(row(`CPU ${rate}×, worker`, figures(worker)));
      lines.push(row(`CPU ${rate}×, longest main task meanwhile`, figures(tasks)));
      lines.push(row(`CPU ${rate}×, main thread`, figures(main)));
      lines.push(row(`CPU ${rate}×, form: focus → answer ready`, figures(form)));
      process.stdout.write(`gemessen: CPU ${rate}×\n`);
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
