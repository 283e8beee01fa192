import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { checkoutKey } from "./server/release/build-preview";
import { testPreviewBuildDir } from "./server/test-support/preview-build-dir";

/**
 * Browser tests against the production build, served by the real server (npm start) with a fresh
 * embedded database and e-mails written to a temporary outbox. System Chromium only.
 *
 * The server listens on E2E_PORT, or else on a port the system picks as free, and keeps its data in
 * E2E_DATA_DIR, or else in a temporary folder of this checkout's, emptied at each start (so runs leave one folder
 * behind, not one per run). Both are put into the environment here, so the test workers (which load this file
 * again) see the same.
 */
process.env.E2E_PORT ||= execFileSync(
  process.execPath,
  [
    "-e",
    `const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})`,
  ],
  { encoding: "utf8" },
);
const port = Number(process.env.E2E_PORT);
process.env.E2E_DATA_DIR ||= path.join(os.tmpdir(), `urkraft-e2e-data-${checkoutKey(__dirname)}`);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
// Previews built by the browser tests (the content editor's) share the server tests' build
// folder, whose Gatsby cache those left warm.
process.env.PREVIEW_BUILD_DIR ||= testPreviewBuildDir();

/**
 * Two builds of the system's Chromium (Debian's packages chromium and chromium-headless-shell). The headless shell
 * is the one Playwright's own headless runs use: the same engine without the desktop browser around it, at about
 * half the CPU per page (measured: e2e/pages.spec.ts 71 against 32 CPU-s, budgets.spec.ts 58 against 35). It
 * differs from a visitor's browser in two ways the tests can see: it moves the mouse onto a page's first document as
 * it loads (one pointermove, which counts as the first input that starts a page's scripts) and it never asks for
 * the favicon. So the specs that watch how a page loads and what it requests before any input (layout, the
 * deploys) run in the full Chromium, the rest in the shell. The typing cases run in the shell too: their pages show
 * a document of the site first, after which the shell moves nothing by itself, and the cases check that no
 * pointer move came without the visitor (e2e/support/try-pages.ts); there they take about two thirds of the CPU.
 * CHROMIUM_PATH puts one browser in both places; without the shell installed, the full Chromium serves all.
 */
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const LIGHT_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const LAUNCH_ARGS = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
/**
 * A German visitor's browser: German in what pages read (navigator.language, Accept-Language) and in the browser's
 * own controls, e.g. a date field shows „24.12.2026, 18:30“. Chromium on Linux takes the language of its controls
 * from the environment, with its language files from Debian's chromium-l10n.
 */
const browser = (executablePath: string) => ({
  ...devices["Desktop Chrome"],
  channel: undefined,
  locale: "de-DE",
  launchOptions: { executablePath, args: LAUNCH_ARGS, env: { ...process.env, LANG: "de_DE.UTF-8", LANGUAGE: "de" } },
});
const CHROMIUM = browser(FULL_CHROMIUM);
const SHELL = browser(LIGHT_CHROMIUM);
const DEPLOYING_SPECS = [
  "**/deploy-live.spec.ts",
  "**/content-editor.spec.ts",
  "**/content-workflow.spec.ts",
  "**/experiments-editor.spec.ts",
];
const TYPING_SPEC = "**/typing-while-loading.spec.ts";
/** When the stylesheet, fonts and scripts start, before and after the first input. */
const LOAD_ORDER_SPEC = "**/layout.spec.ts";
/** The specification, pinned word for word (docs/specification.md). */
const SPECIFICATION_SPEC = "**/specification.spec.ts";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/support/global-setup.ts",
  // Two workers over all projects: the specs whose tests share a page flow take whole files; the eighteen
  // typing-while-loading cases are spread one by one over both, so the run does not end on one worker typing
  // alone; the specs that build releases or previews run one after another, never two at once. More workers
  // do not make the run shorter on two cores: measured with four, every test took about twice as long. The
  // tests that need a server or database of their own start one (e2e/support/own-server.ts,
  // own-database.ts), the others share the server below. E2E_WORKERS overrides the number.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
  },
  // Taken in this order: the deploying specs first, on one worker, while the other runs the page specs; the
  // short typing cases come last and fill both workers until the end.
  projects: [
    // These build releases or previews, and a project has one deploy at a time: one worker runs them in turn.
    { name: "deploys", testMatch: DEPLOYING_SPECS, workers: 1, use: CHROMIUM },
    { name: "chromium", testIgnore: [...DEPLOYING_SPECS, TYPING_SPEC, SPECIFICATION_SPEC, LOAD_ORDER_SPEC], use: SHELL },
    { name: "load-order", testMatch: LOAD_ORDER_SPEC, use: CHROMIUM },
    // Every string, count and constant of the specification against the served build, with and without JavaScript.
    { name: "specification", testMatch: SPECIFICATION_SPEC, use: SHELL },
    // Eighteen cases of one file: each worker starts its own server for them (beforeAll).
    { name: "typing", testMatch: TYPING_SPEC, fullyParallel: true, use: SHELL },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npm start`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      RATE_LIMIT_MAX: "1000",
      GATSBY_TELEMETRY_DISABLED: "1",
    },
  },
});
