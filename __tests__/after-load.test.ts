/**
 * The pages' bundles start on the visitor's first input: the built HTML's script tags become one inline
 * loader, which also adds the whole stylesheet and the web fonts once the page has painted.
 */
import { FIRST_INPUTS, afterLoadScript, deferBundles, hydratesAtOnce } from "../gatsby/after-load";
import type { PublishedFont } from "../src/styles/fonts";
import { formatGermanDate, isoGermanDate } from "../src/german-date";

const BUNDLES = ["/webpack-runtime-1a2b3c4d5e.js", "/framework-2b3c4d5e6f.js", "/app-3c4d5e6f7a.js"];
const FONTS: PublishedFont[] = [
  ["Inter Variable", "/static/inter-latin-wght-normal-0a1b.woff2", "woff2-variations", "100 900", "U+0000-00FF"],
  ["Source Serif 4", "/static/source-serif-4-latin-700-normal-2c3d.woff2", "woff2", "700", "U+0000-00FF"],
];
const page = (tags: string, main = "") =>
  `<html><head><title>x</title></head><body><div id="___gatsby">${main}</div><script id="gatsby-script-loader">window.pagePath="/";</script>${tags}</body></html>`;
const bundleTags = BUNDLES.map((src) => `<script src="${src}" async=""></script>`).join("");

describe("deferBundles", () => {
  it("replaces Gatsby's async bundle tags by one inline script that names them in order", () => {
    const html = deferBundles(page(bundleTags));
    expect(html).not.toMatch(/<script src=/);
    const loaders = [...html.matchAll(/<script id="after-load">([\s\S]*?)<\/script>/g)];
    expect(loaders).toHaveLength(1);
    expect(loaders[0][1]).toBe(afterLoadScript(BUNDLES, { gatsbyData: 'window.pagePath="/";' }));
  });

  it("takes Gatsby's inline data for the bundles into the loader, ahead of it, and leaves other scripts", () => {
    const gatsbyTags =
      `<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/agb";/*]]>*/</script>` +
      `<!-- slice-start id="_gatsby-scripts-1" -->\n          <script\n            id="gatsby-chunk-mapping"\n          >\n` +
      `            window.___chunkMapping="{\\"app\\":[\\"/app-3c4d5e6f7a.js\\"]}";\n          </script>\n        ` +
      `<script>window.___webpackCompilationHash="abc123";</script>` +
      `<script type="application/ld+json">{"@type":"Organization"}</script><script>other()</script>`;
    const html = deferBundles(
      `<html><body><div id="___gatsby"></div>${gatsbyTags}${bundleTags}<!-- slice-end id="_gatsby-scripts-1" --></body></html>`,
    );
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[0]);
    expect(scripts).toEqual([
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>other()</script>",
      `<script id="after-load">${afterLoadScript(BUNDLES, {
        gatsbyData:
          'window.pagePath="/agb";window.___chunkMapping="{\\"app\\":[\\"/app-3c4d5e6f7a.js\\"]}";window.___webpackCompilationHash="abc123";',
      })}</script>`,
    ]);
    // The statements set what the bundles read, before the loader runs.
    const window: Record<string, unknown> = {};
    new Function("window", /^(.*?;)\(function/.exec(scripts[2]!.replace(/<\/?script[^>]*>/g, ""))![1]!)(window);
    expect(window).toEqual({
      pagePath: "/agb",
      ___chunkMapping: '{"app":["/app-3c4d5e6f7a.js"]}',
      ___webpackCompilationHash: "abc123",
    });
  });

  it("names the stylesheet and the web fonts in the loader", () => {
    const html = deferBundles(page(bundleTags), { stylesheet: "/styles.abc123.css", fonts: FONTS });
    const script = afterLoadScript(BUNDLES, {
      stylesheet: "/styles.abc123.css",
      fonts: FONTS,
      gatsbyData: 'window.pagePath="/";',
    });
    expect(html).toContain(`<script id="after-load">${script}</script>`);
    expect(script).toContain('"/styles.abc123.css"');
    expect(script).toContain(JSON.stringify(FONTS));
  });

  it("lets a page marked to hydrate at once start without an input", () => {
    const marked = page(bundleTags, '<section data-hydrate="at-once">404</section>');
    expect(hydratesAtOnce(marked)).toBe(true);
    expect(hydratesAtOnce(page(bundleTags))).toBe(false);
    expect(deferBundles(marked)).toContain(afterLoadScript(BUNDLES, { atOnce: true }));
    expect(afterLoadScript(BUNDLES, { atOnce: true })).not.toBe(afterLoadScript(BUNDLES));
  });

  it("leaves a page without bundle tags as it is", () => {
    const html = page(`<script type="application/ld+json">{}</script>`);
    expect(deferBundles(html)).toBe(html);
  });
});

describe("the inline loader", () => {
  /** The browser's paint timing, played by the test: entries so far, and the observers waiting for more. */
  const paints: string[] = [];
  const observers: ((list: { getEntriesByName: (name: string) => unknown[] }) => void)[] = [];
  const listOf = (names: string[]) => ({ getEntriesByName: (name: string) => names.filter((n) => n === name) });
  const frames: FrameRequestCallback[] = [];
  /** Faces the loader created, with their loads for the test to settle, and those it gave to document.fonts. */
  const faces: { text: string; status: string; settle: (ok: boolean) => void }[] = [];
  const shown: string[] = [];
  /** Listeners the loader added to window and document, removed after each test. */
  const listeners: [EventTarget, string, EventListenerOrEventListenerObject | null, unknown][] = [];
  const scriptsAdded = () => [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => s.getAttribute("src"));
  const links = (rel: string) => [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel=${rel}]`)];
  const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeEach(() => {
    paints.length = 0;
    observers.length = 0;
    frames.length = 0;
    faces.length = 0;
    shown.length = 0;
    Object.assign(performance, { getEntriesByName: (name: string) => paints.filter((n) => n === name) });
    Object.assign(window, {
      PerformanceObserver: class {
        constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
        observe() {
          observers.push((list) => this.callback(list, this));
        }
        disconnect() {
          observers.length = 0;
        }
      },
      FontFace: class {
        status = "unloaded";
        readonly text: string;
        settle!: (ok: boolean) => void;
        constructor(family: string, source: string, descriptors: { weight: string; display: string }) {
          this.text = `${family} ${descriptors.weight} ${descriptors.display} ${source}`;
          faces.push(this);
        }
        load() {
          return new Promise((resolve, reject) => {
            this.settle = (ok) => {
              this.status = ok ? "loaded" : "error";
              (ok ? resolve : reject)(this);
            };
          });
        }
      },
    });
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { add: (face: { text: string }) => shown.push(face.text) },
    });
    jest.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    for (const target of [window, document] as EventTarget[]) {
      const add = target.addEventListener.bind(target);
      jest.spyOn(target, "addEventListener").mockImplementation((...args: Parameters<EventTarget["addEventListener"]>) => {
        listeners.push([target, args[0], args[1], args[2]]);
        add(...args);
      });
    }
  });
  afterEach(() => {
    for (const [target, type, listener, options] of listeners.splice(0))
      target.removeEventListener(type, listener, options as boolean | EventListenerOptions);
    document.querySelectorAll("script[src], link, button").forEach((element) => element.remove());
    delete document.documentElement.dataset.hydrated;
    jest.restoreAllMocks();
  });

  /** Runs the loader on a page that has loaded and painted, through to the frame after the paint. */
  const runPainted = async (script: string) => {
    paints.push("first-contentful-paint");
    new Function(script)();
    frames.forEach((frame) => frame(performance.now()));
    await tick();
  };
  const OPTIONS = { stylesheet: "/styles.abc123.css", fonts: FONTS };

  it("waits for load, the first contentful paint and one more frame before it fetches anything", async () => {
    expect(document.readyState).toBe("complete");
    new Function(afterLoadScript(BUNDLES, OPTIONS))();
    await tick();
    expect(frames).toHaveLength(0); // waits for the paint
    paints.push("first-paint");
    observers.forEach((notify) => notify(listOf(["first-paint"])));
    await tick();
    expect(frames).toHaveLength(0); // a first paint without content is not enough
    paints.push("first-contentful-paint");
    observers.forEach((notify) => notify(listOf(["first-contentful-paint"])));
    await tick();
    expect([faces.length, links("prefetch").length]).toEqual([0, 0]); // and one frame
    frames.forEach((frame) => frame(performance.now()));
    await tick();
    expect(faces).toHaveLength(FONTS.length);
    expect(links("prefetch")).toHaveLength(1 + BUNDLES.length);
  });

  it("after the paint: loads the fonts and shows them together; prefetches stylesheet and bundles, runs nothing", async () => {
    await runPainted(afterLoadScript(BUNDLES, OPTIONS));
    expect(faces.map((face) => face.text)).toEqual([
      'Inter Variable 100 900 swap url(/static/inter-latin-wght-normal-0a1b.woff2) format("woff2-variations")',
      'Source Serif 4 700 swap url(/static/source-serif-4-latin-700-normal-2c3d.woff2) format("woff2")',
    ]);
    faces[0].settle(true);
    await tick();
    expect(shown).toEqual([]); // one new layout for all, not one per file
    faces[1].settle(true);
    await tick();
    expect(shown).toEqual(faces.map((face) => face.text));
    // Fetched, not applied or run: they are in the cache when an input comes.
    expect(links("prefetch").map((link) => [link.getAttribute("as"), link.getAttribute("href")])).toEqual([
      ["style", "/styles.abc123.css"],
      ...BUNDLES.map((src) => ["script", src]),
    ]);
    await tick(1100); // the fallback timer changes nothing
    expect([links("stylesheet").length, scriptsAdded().length]).toEqual([0, 0]);
  });

  it("leaves out a face that fails to load and shows the others", async () => {
    await runPainted(afterLoadScript(BUNDLES, OPTIONS));
    faces[0].settle(false);
    faces[1].settle(true);
    await tick();
    expect(shown).toEqual([faces[1].text]);
  });

  it.each(FIRST_INPUTS)("on the first %s: adds the stylesheet, then the bundles, async and in order", async (type) => {
    await runPainted(afterLoadScript(BUNDLES, OPTIONS));
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    expect(links("stylesheet").map((link) => link.getAttribute("href"))).toEqual(["/styles.abc123.css"]);
    expect(scriptsAdded()).toEqual([]); // the stylesheet first
    links("stylesheet")[0].dispatchEvent(new Event("load"));
    expect(scriptsAdded()).toEqual(BUNDLES);
    expect([...document.querySelectorAll<HTMLScriptElement>("script[src]")].every((s) => s.async)).toBe(true);
    for (const again of FIRST_INPUTS) window.dispatchEvent(new Event(again));
    expect([links("stylesheet").length, scriptsAdded().length]).toEqual([1, BUNDLES.length]); // once
  });

  it("after an input before the paint, goes on once the page has painted; a failed stylesheet stops nothing", async () => {
    new Function(afterLoadScript(BUNDLES, OPTIONS))();
    window.dispatchEvent(new Event("keydown"));
    expect(links("stylesheet")).toHaveLength(0);
    paints.push("first-contentful-paint");
    observers.forEach((notify) => notify(listOf(["first-contentful-paint"])));
    frames.forEach((frame) => frame(performance.now()));
    await tick();
    expect(links("prefetch")).toHaveLength(0); // fetched for real instead
    links("stylesheet")[0].dispatchEvent(new Event("error"));
    expect(scriptsAdded()).toEqual(BUNDLES);
  });

  it("on a page that hydrates at once, adds stylesheet and bundles after the paint without an input", async () => {
    await runPainted(afterLoadScript(BUNDLES, { ...OPTIONS, atOnce: true }));
    links("stylesheet")[0].dispatchEvent(new Event("load"));
    expect(scriptsAdded()).toEqual(BUNDLES);
  });

  it("goes on after a second when no paint is ever reported (a background tab)", async () => {
    new Function(afterLoadScript(BUNDLES, { fonts: FONTS, atOnce: true }))();
    await tick(500);
    expect([faces.length, scriptsAdded().length]).toEqual([0, 0]);
    await tick(600);
    expect(faces).toHaveLength(FONTS.length);
    expect(scriptsAdded()).toEqual(BUNDLES);
  });

  it("writes the visitor's day in Germany into each time marked as today, before any input", () => {
    jest.useFakeTimers({
      now: new Date("2031-05-16T22:01:00Z"),
      doNotFake: ["setTimeout", "requestAnimationFrame", "performance"],
    });
    document.body.insertAdjacentHTML(
      "beforeend",
      '<p id="stand">Stand: <time datetime="2026-11-23" data-today="">23.11.2026</time></p><time id="other" datetime="2026-11-21">21.11.2026</time>',
    );
    try {
      new Function(afterLoadScript(BUNDLES))();
      const time = document.querySelector("#stand time")!;
      expect([time.textContent, time.getAttribute("datetime")]).toEqual(["17.05.2031", "2031-05-17"]);
      expect(document.querySelector("#other")!.textContent).toBe("21.11.2026"); // unmarked: left alone
    } finally {
      document.querySelectorAll("#stand, #other").forEach((element) => element.remove());
      jest.useRealTimers();
    }
  });

  it("writes the same day as formatGermanDate around midnight in Germany and the summer-time changes", () => {
    document.body.insertAdjacentHTML(
      "beforeend",
      '<p id="stand"><time datetime="2026-11-23" data-today="">23.11.2026</time></p>',
    );
    const time = document.querySelector("#stand time")!;
    const script = new Function(afterLoadScript(BUNDLES));
    const lastSunday = (year: number, month: number) => {
      const day = new Date(Date.UTC(year, month + 1, 0));
      return Date.UTC(year, month, day.getUTCDate() - day.getUTCDay(), 1); // 01:00 UTC, when the clocks change
    };
    const instants = [2026, 2027, 2028, 2031].flatMap((year) =>
      [
        lastSunday(year, 2),
        lastSunday(year, 9),
        Date.UTC(year, 0, 1),
        Date.UTC(year, 0, 1) - 3_600_000, // New Year in Germany (winter)
        Date.UTC(year, 6, 14) - 2 * 3_600_000, // midnight in Germany (summer)
        Date.UTC(year, 11, 31, 23),
      ].flatMap((at) => [-61, -1, 0, 1, 59].map((minutes) => new Date(at + minutes * 60_000))),
    );
    try {
      for (const now of instants) {
        jest.useFakeTimers({ now, doNotFake: ["setTimeout", "requestAnimationFrame", "performance"] });
        script();
        jest.useRealTimers();
        expect([now.toISOString(), time.textContent, time.getAttribute("datetime")]).toEqual([
          now.toISOString(),
          formatGermanDate(now),
          isoGermanDate(now),
        ]);
      }
    } finally {
      document.querySelector("#stand")!.remove();
      jest.useRealTimers();
    }
  });

  it("holds a click on a control that needs the scripts and clicks it again once the page has hydrated", async () => {
    await runPainted(afterLoadScript(BUNDLES));
    document.body.insertAdjacentHTML(
      "beforeend",
      '<button type="button" data-replay=""><span>Menü</span></button><button type="button" id="plain">x</button>',
    );
    const [control, plain] = [...document.querySelectorAll("button")];
    const clicks: string[] = [];
    control.addEventListener("click", (event) => clicks.push(`replay ${event.defaultPrevented}`));
    plain.addEventListener("click", () => clicks.push("plain"));

    const held = new MouseEvent("click", { bubbles: true, cancelable: true });
    control.querySelector("span")!.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    expect(clicks).toEqual([]); // held
    expect(scriptsAdded()).toEqual(BUNDLES); // and the scripts are on their way
    plain.click();
    expect(clicks).toEqual(["plain"]); // other controls are left alone

    document.documentElement.dataset.hydrated = "true";
    await tick();
    expect(clicks).toEqual(["plain", "replay false"]);
    control.click();
    expect(clicks).toEqual(["plain", "replay false", "replay false"]); // hydrated: nothing held any more
  });
});
