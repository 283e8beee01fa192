/**
 * What one visit of a page costs and leaves behind, measured in a real Chromium: the JavaScript it
 * loads before anyone touches it (gzip), all bytes transferred, requests to other origins, cookies and
 * storage, CSP violations, images without size, and axe-core WCAG 2.1 AA violations. `npm run audit`
 * and the budgets in `npm test` both measure through this module, so their figures agree.
 */
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, ConsoleMessage, Page, Request } from "@playwright/test";
import { runnableInlineScripts } from "../../server/http/csp";
import { API_PATHS, ROUTES } from "../../common/routes";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** How long a page may keep the network busy after `load` before it is measured as it is. */
const SETTLE_MS = 5_000;

export interface ScriptSize {
  url: string;
  gzipBytes: number;
}

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements (the first few). */
  targets: string[];
}

export interface PageMeasurement {
  path: string;
  status: number;
  /** Executed JavaScript once the page is in use (after a first input): each same-origin script file gzipped, plus the page's inline scripts. */
  firstLoadJsGzipBytes: number;
  scripts: ScriptSize[];
  /** The page's own answer on the wire: status line, headers and body as compressed by the server. */
  documentBytes: number;
  /** Bytes on the wire (headers and bodies, as compressed by the server) of every request of the visit. */
  transferBytes: number;
  requestCount: number;
  /** Document loads of the visit; above 1 the page reloaded itself (e.g. the site was rebuilt meanwhile). */
  documentLoads: number;
  foreignRequests: string[];
  cookies: string[];
  storageKeys: string[];
  cspViolations: string[];
  imagesWithoutSize: string[];
  axe: AxeFinding[];
}

/** gzip at the default level (6), as `gzip` and most servers compress. */
export function gzipSize(body: Buffer | string): number {
  return gzipSync(body, { level: 6 }).length;
}

/** The text of the inline scripts a browser would run (JSON data blocks and empty ones left out). */
export function inlineScripts(html: string): string[] {
  return runnableInlineScripts(html).filter((text) => text.trim() !== "");
}

function isCspMessage(message: ConsoleMessage): boolean {
  return /Content Security Policy|Content-Security-Policy/i.test(message.text());
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" || parsed.protocol === "ws:" || parsed.protocol === "wss:"
      ? parsed.origin
      : undefined;
  } catch {
    return undefined;
  }
}

/** Collects what a visit does on the network and in the console, from before the first request. */
export class VisitRecorder {
  readonly requests: Request[] = [];
  readonly cspMessages: string[] = [];
  /** Main-frame document loads; more than one means the page reloaded or navigated by itself. */
  documentLoads = 0;

  constructor(readonly page: Page) {
    page.on("request", (request) => {
      this.requests.push(request);
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.documentLoads++;
    });
    page.on("console", (message) => {
      if (isCspMessage(message)) this.cspMessages.push(message.text());
    });
    // The event carries violations that never reach the console (e.g. of report-only policies).
    void page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, "__cspViolations", { value: seen });
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(
          `${event.effectiveDirective} blockiert ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
  }

  foreignRequests(baseOrigin: string): string[] {
    const foreign = this.requests
      .map((r) => r.url())
      .filter((url) => {
        const origin = originOf(url);
        return origin !== undefined && origin !== baseOrigin;
      });
    return [...new Set(foreign)];
  }

  async transfer(): Promise<number> {
    let bytes = 0;
    for (const request of this.requests) {
      const sizes = await request.sizes().catch(() => undefined);
      if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize + sizes.requestHeadersSize + sizes.requestBodySize;
    }
    return bytes;
  }

  /**
   * Every same-origin script file the page loaded, gzipped one by one. When the browser no longer has
   * a body (the page reloaded itself, as Gatsby does when the site was rebuilt meanwhile), it is fetched
   * again: the server sends the same bytes.
   */
  async scripts(context: BrowserContext, baseOrigin: string): Promise<ScriptSize[]> {
    const latest = new Map<string, Request>();
    for (const request of this.requests) {
      if (request.resourceType() === "script" && originOf(request.url()) === baseOrigin) latest.set(request.url(), request);
    }
    const scripts: ScriptSize[] = [];
    for (const [url, request] of latest) {
      if ((await request.response())?.ok() === false) continue;
      const body = await bodyOf(context, request);
      if (body) scripts.push({ url: new URL(url).pathname, gzipBytes: gzipSize(body) });
    }
    return scripts;
  }

  async cspViolations(): Promise<string[]> {
    const fromEvents = await this.page
      .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
      .catch(() => [] as string[]);
    return [...this.cspMessages, ...fromEvents];
  }
}

async function bodyOf(context: BrowserContext, request: Request): Promise<Buffer | undefined> {
  const response = await request.response();
  const body = await response?.body().catch(() => undefined);
  if (body) return body;
  return (await context.request.get(request.url())).body();
}

/**
 * The pages start their scripts on the visitor's first input (gatsby/after-load.ts): the pointer moves, as a
 * visitor's would, and the page hydrates. Resolves once it has (`timeoutMs` at most, then throws).
 */
export async function hydrate(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForLoadState("load");
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached", timeout: timeoutMs });
}

/**
 * Waits until the page has hydrated after a first input and its network is quiet, or until SETTLE_MS
 * have passed: the figures are those of the page in use, scripts included.
 */
export async function settle(page: Page): Promise<void> {
  await hydrate(page, SETTLE_MS).catch(() => undefined);
  await page.waitForLoadState("networkidle", { timeout: SETTLE_MS }).catch(() => undefined);
}

/** Cookies, Web Storage, IndexedDB, Cache Storage and service workers the visit left behind. */
export async function storedState(context: BrowserContext, page: Page): Promise<{ cookies: string[]; storageKeys: string[] }> {
  const cookies = (await context.cookies()).map((c) => `${c.name} (${c.domain})`);
  const storageKeys = await page.evaluate(async () => {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) keys.push(`localStorage:${localStorage.key(i)}`);
    for (let i = 0; i < sessionStorage.length; i++) keys.push(`sessionStorage:${sessionStorage.key(i)}`);
    if (indexedDB.databases) for (const db of await indexedDB.databases()) keys.push(`indexedDB:${db.name}`);
    if (typeof caches !== "undefined") for (const name of await caches.keys()) keys.push(`caches:${name}`);
    if (navigator.serviceWorker) {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        keys.push(`serviceWorker:${registration.scope}`);
    }
    return keys;
  });
  return { cookies, storageKeys };
}

/** `<img>` elements without both a width and a height attribute (they shift the layout while loading). */
export async function imagesWithoutSize(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("img")]
      .filter((img) => !img.hasAttribute("width") || !img.hasAttribute("height"))
      .map((img) => (img.currentSrc || img.getAttribute("src") || img.outerHTML).slice(0, 120)),
  );
}

export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((node) => node.target.join(" ")),
  }));
}

/**
 * Visits `path` in a fresh page of `context` (which should be fresh too, so cookies and storage belong
 * to this visit) and measures it. axe runs last, after everything else is read, so its injected script
 * cannot show up in the figures.
 */
export async function measurePage(context: BrowserContext, baseUrl: string, path: string): Promise<PageMeasurement> {
  const baseOrigin = new URL(baseUrl).origin;
  const page = await context.newPage();
  try {
    const recorder = new VisitRecorder(page);
    const response = await page.goto(new URL(path, baseUrl).toString(), { waitUntil: "load" });
    if (!response) throw new Error(`${path}: keine Antwort`);
    await settle(page);

    const html = (await bodyOf(context, response.request()))?.toString("utf8") ?? "";
    const documentSizes = await response.request().sizes();
    const scripts = await recorder.scripts(context, baseOrigin);
    const inline = inlineScripts(html);
    const inlineBytes = inline.length > 0 ? gzipSize(inline.join("\n")) : 0;
    const { cookies, storageKeys } = await storedState(context, page);

    return {
      path,
      status: response.status(),
      firstLoadJsGzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0) + inlineBytes,
      scripts: inline.length > 0 ? [...scripts, { url: `(${inline.length} inline)`, gzipBytes: inlineBytes }] : scripts,
      documentBytes: documentSizes.responseHeadersSize + documentSizes.responseBodySize,
      transferBytes: await recorder.transfer(),
      requestCount: recorder.requests.length,
      documentLoads: recorder.documentLoads,
      foreignRequests: recorder.foreignRequests(baseOrigin),
      cookies,
      storageKeys,
      cspViolations: await recorder.cspViolations(),
      imagesWithoutSize: await imagesWithoutSize(page),
      axe: await axeFindings(page),
    };
  } finally {
    await page.close();
  }
}

/** The two forms, found by where they post (they are real forms, so this holds with or without JavaScript). */
export const FORMS = {
  lead: { path: ROUTES.home.path, action: API_PATHS.leads },
  contact: { path: ROUTES.contact.path, action: API_PATHS.contact },
} as const;

/**
 * Submits a form empty, once the page has hydrated, and returns axe's findings for the page as it then
 * shows the field errors. Throws when no error appears, so a missing state is never reported as clean.
 */
export async function axeAfterFailedSubmit(context: BrowserContext, baseUrl: string, form: { path: string; action: string }) {
  const page = await context.newPage();
  try {
    await page.goto(new URL(form.path, baseUrl).toString(), { waitUntil: "load" });
    await hydrate(page);
    const element = page.locator(`form[action="${form.action}"]`);
    await element.locator('button[type="submit"], input[type="submit"]').first().click();
    const invalid = element.locator('[aria-invalid="true"]');
    await invalid.first().waitFor({ state: "visible", timeout: 10_000 });
    return { invalidFields: await invalid.count(), axe: await axeFindings(page) };
  } finally {
    await page.close();
  }
}
