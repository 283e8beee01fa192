/**
 * Pages for the tries of the typing tests, kept from one try to the next. A page opened in a new browser
 * context starts a renderer process of its own, which costs about as much CPU as the page it then loads
 * (about 0.8 of 1.0 CPU-s for the contact page, against 0.26 for loading it again in an open tab). So each page
 * here serves one try after another: after a try it shows the site's health check again, before a try its
 * cookies and the site's storage are cleared, and its HTTP cache is off for good, so every try loads the page,
 * its scripts and its data from the server as a first visit does.
 *
 * A page slowed `rate` times lies in a browser of its own whose renderers the kernel slows (support/slow-cpu.ts);
 * its `check` says whether the page really ran slowed: all of the browser's renderers in the slowed group, and
 * periods in which the kernel held the group back since the try began. Where the machine cannot slow
 * processes, a slowed page is a new page in the test's browser, slowed by DevTools, and closed after its try.
 */
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type LaunchOptions,
  type Page,
} from "@playwright/test";
import { launchSlowBrowser, slowCpuAvailable, type SlowBrowser } from "./slow-cpu";

/** Counts, from a document's start, the pointer moves it receives: a visitor's, or one the browser made up. */
const COUNT_POINTER_MOVES = `window.__pointerMoves=0;addEventListener("pointermove",function(){window.__pointerMoves++},{capture:true,passive:true})`;

/** The pointer moves the page's document has received since it started. */
export function pointerMoves(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __pointerMoves: number }).__pointerMoves);
}

export interface TryPage {
  page: Page;
  /** Fails unless the page ran as slowed as asked during this try. */
  check(): void;
  /** Back for the next try; a page whose try failed is closed instead, with its slowed browser. */
  release(passed: boolean): Promise<void>;
}

interface Kept {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  slow?: SlowBrowser;
}

export class TryPages {
  private readonly idle = new Map<number, Kept[]>();

  /**
   * @param origin the site whose storage is cleared before each try
   * @param device the pages' viewport, user agent and scale, as the project's other pages have
   */
  constructor(
    private readonly origin: string,
    private readonly device: BrowserContextOptions,
    private readonly launchOptions: LaunchOptions,
  ) {}

  /** A page slowed `rate` times that no other try holds now; `browser` serves the pages that are not slowed by the kernel. */
  async take(rate: number, browser: Browser): Promise<TryPage> {
    if (rate > 1 && !slowCpuAvailable()) return this.throttledByDevTools(rate, browser);
    const kept = this.idle.get(rate)?.pop() ?? (await this.open(rate, browser));
    await kept.context.clearCookies();
    await kept.cdp.send("Storage.clearDataForOrigin", { origin: this.origin, storageTypes: "all" });
    const { slow } = kept;
    const throttledBefore = slow?.throttledPeriods() ?? 0;
    return {
      page: kept.page,
      check: () => {
        if (!slow) return;
        // Named in the first message too, so that a failure shows where the renderers were.
        const outside = slow.unslowedRenderers();
        expect(
          slow.renderers().length,
          `Renderer in der gedrosselten Gruppe (außerhalb: ${outside.join(", ") || "keiner"})`,
        ).toBeGreaterThan(0);
        expect(outside, "Renderer außerhalb der gedrosselten Gruppe").toEqual([]);
        expect(slow.throttledPeriods() - throttledBefore, "vom Kernel gebremste Zeitabschnitte").toBeGreaterThan(0);
      },
      release: async (passed) => {
        if (passed && (await showInstead(kept.page, this.health))) {
          const list = this.idle.get(rate) ?? [];
          list.push(kept);
          this.idle.set(rate, list);
        } else await close(kept);
      },
    };
  }

  async close(): Promise<void> {
    const all = [...this.idle.values()].flat();
    this.idle.clear();
    await Promise.all(all.map(close));
  }

  private async open(rate: number, browser: Browser): Promise<Kept> {
    const slow = rate > 1 ? await launchSlowBrowser(rate, this.launchOptions) : undefined;
    const context = await (slow?.browser ?? browser).newContext(this.device);
    const page = await this.newPage(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    return { context, page, cdp, slow };
  }

  /** A page that counts its pointer moves and has shown its first document, the site's health check (see above). */
  private async newPage(context: BrowserContext): Promise<Page> {
    await context.addInitScript(COUNT_POINTER_MOVES);
    const page = await context.newPage();
    boundSteps(page);
    await page.goto(this.health);
    return page;
  }

  /**
   * Shown again after each try, so that the try's last document ends with its timers and requests. Left running,
   * the thank-you page, which a form opens 800 ms after the server's answer, fetched its data while the next
   * try's page was on its way, and those requests passed for the new page's.
   */
  private get health(): string {
    return new URL("/api/health", this.origin).href;
  }

  /** DevTools' throttling, where the kernel cannot slow the renderers: a new page for each try. */
  private async throttledByDevTools(rate: number, browser: Browser): Promise<TryPage> {
    const context = await browser.newContext(this.device);
    const page = await this.newPage(context);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    return { page, check: () => undefined, release: () => context.close() };
  }
}

/**
 * The longest any one step of a try (a navigation, a click, a wait for an answer) may take, even at 6× on a
 * busy machine: a step stuck beyond it fails the try with its name, instead of holding the case until the
 * test's own timeout.
 */
export const TRY_STEP_TIMEOUT_MS = 60_000;

function boundSteps(page: Page): void {
  page.setDefaultTimeout(TRY_STEP_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(TRY_STEP_TIMEOUT_MS);
}

/** Shows `url` in the page, which ends its document; false if the page is closed or could not. */
async function showInstead(page: Page, url: string): Promise<boolean> {
  if (page.isClosed()) return false;
  return page.goto(url).then(
    () => true,
    () => false,
  );
}

async function close(kept: Kept): Promise<void> {
  await kept.context.close().catch(() => undefined);
  await kept.slow?.close();
}
