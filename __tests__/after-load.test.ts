/** The pages' bundles start after load and paint: the built HTML's script tags become one inline loader. */
import { afterLoadScript, deferBundles } from "../src/after-load";

const BUNDLES = ["/webpack-runtime-1a2b3c4d5e.js", "/framework-2b3c4d5e6f.js", "/app-3c4d5e6f7a.js"];
const page = (tags: string) =>
  `<html><head><title>x</title></head><body><div id="___gatsby"></div><script id="gatsby-script-loader">window.pagePath="/";</script>${tags}</body></html>`;

describe("deferBundles", () => {
  it("names the stylesheet in the loader when the page's CSS was cut", () => {
    const html = deferBundles(
      page(BUNDLES.map((src) => `<script src="${src}" async=""></script>`).join("")),
      "/styles.abc123.css",
    );
    expect(html).toContain(`<script id="after-load">${afterLoadScript(BUNDLES, "/styles.abc123.css")}</script>`);
    expect(afterLoadScript(BUNDLES, "/styles.abc123.css")).toContain('"/styles.abc123.css"');
  });

  it("replaces Gatsby's async bundle tags by one inline script that names them in order", () => {
    const html = deferBundles(page(BUNDLES.map((src) => `<script src="${src}" async=""></script>`).join("")));
    expect(html).not.toMatch(/<script src=/);
    const loaders = [...html.matchAll(/<script id="after-load">([\s\S]*?)<\/script>/g)];
    expect(loaders).toHaveLength(1);
    expect(loaders[0][1]).toBe(afterLoadScript(BUNDLES));
    // Gatsby's own inline data stays where it was, before the loader.
    expect(html.indexOf("gatsby-script-loader")).toBeLessThan(html.indexOf("after-load"));
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
  const scriptsAdded = () => [...document.querySelectorAll<HTMLScriptElement>("script[src]")];
  const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeEach(() => {
    paints.length = 0;
    observers.length = 0;
    frames.length = 0;
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
    });
    jest.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    scriptsAdded().forEach((script) => script.remove());
    document.querySelectorAll("link").forEach((link) => link.remove());
    jest.restoreAllMocks();
  });

  it("adds the bundles, async and in order, after load, the first contentful paint and one more frame", async () => {
    expect(document.readyState).toBe("complete");
    new Function(afterLoadScript(BUNDLES))();
    await tick();
    expect(frames).toHaveLength(0); // waits for the paint
    paints.push("first-paint");
    observers.forEach((notify) => notify(listOf(["first-paint"])));
    await tick();
    expect(frames).toHaveLength(0); // a first paint without content is not enough
    paints.push("first-contentful-paint");
    observers.forEach((notify) => notify(listOf(["first-contentful-paint"])));
    await tick();
    expect(scriptsAdded()).toHaveLength(0); // and one frame
    frames.forEach((frame) => frame(performance.now()));
    await tick();
    expect(scriptsAdded().map((script) => script.getAttribute("src"))).toEqual(BUNDLES);
    expect(scriptsAdded().every((script) => script.async)).toBe(true);
  });

  it("goes on at once when the paint was before it ran, and starts the bundles once", async () => {
    paints.push("first-contentful-paint");
    new Function(afterLoadScript(BUNDLES))();
    expect(frames).toHaveLength(1);
    frames[0](performance.now());
    await tick(1100); // the fallback timer comes too
    expect(scriptsAdded()).toHaveLength(BUNDLES.length);
  });

  it("starts them after a second when no paint is ever reported (a background tab)", async () => {
    new Function(afterLoadScript(BUNDLES))();
    await tick(500);
    expect(scriptsAdded()).toHaveLength(0);
    await tick(600);
    expect(scriptsAdded().map((script) => script.getAttribute("src"))).toEqual(BUNDLES);
  });

  /** Runs the loader with a stylesheet on a page that has painted, up to where it waits for the stylesheet. */
  const startWithStylesheet = async () => {
    paints.push("first-contentful-paint");
    new Function(afterLoadScript(BUNDLES, "/styles.abc123.css"))();
    frames[0](performance.now());
    await tick();
    return [...document.head.querySelectorAll<HTMLLinkElement>("link")];
  };

  it("with a stylesheet: adds it first and the bundles once it has loaded", async () => {
    const links = await startWithStylesheet();
    expect(links.map((link) => [link.rel, link.getAttribute("href")])).toEqual([["stylesheet", "/styles.abc123.css"]]);
    expect(scriptsAdded()).toHaveLength(0); // the stylesheet first
    links[0].dispatchEvent(new Event("load"));
    expect(scriptsAdded().map((script) => script.getAttribute("src"))).toEqual(BUNDLES);
  });

  it("with a stylesheet that fails to load: the bundles start all the same", async () => {
    const [link] = await startWithStylesheet();
    link.dispatchEvent(new Event("error"));
    expect(scriptsAdded()).toHaveLength(BUNDLES.length);
  });
});
