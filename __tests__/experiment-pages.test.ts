/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { experimentsToBuild, finishVariantPages, variantPages, withCurrentLinks } from "../gatsby/experiment-pages";
import type { ExperimentEntry } from "../common/experiments/experiment-problems";

const running: ExperimentEntry = {
  id: "bewegung-aufruf",
  page: "/bewegung-alltag",
  field: "cta.title",
  variants: ["Fang heute mit fünf Minuten an", "Dein erster Schritt dauert fünf Minuten"],
  share: 100,
  start: "2026-12-01",
  end: "2026-12-20",
  status: "läuft",
};

describe("the variants' pages", () => {
  it("builds one page per variant of a running experiment, from the page's own component", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-experiments-"));
    const ended = { ...running, id: "alt", end: "2026-12-02" };
    const stopped = { ...running, id: "gestoppt", status: "beendet" as const };
    fs.writeFileSync(path.join(dir, "experiments.json"), JSON.stringify({ experiments: [running, ended, stopped] }));
    const experiments = experimentsToBuild(dir, "2026-12-04");
    expect(experiments.map((experiment) => experiment.id)).toEqual(["bewegung-aufruf"]);
    expect(variantPages(experiments, "/site/src/pages")).toEqual([
      {
        path: "/bewegung-alltag/__variante-b",
        component: "/site/src/pages/bewegung-alltag.tsx",
        context: { experimentVariant: { experiment: "bewegung-aufruf", variant: "B" } },
      },
      {
        path: "/bewegung-alltag/__variante-c",
        component: "/site/src/pages/bewegung-alltag.tsx",
        context: { experimentVariant: { experiment: "bewegung-aufruf", variant: "C" } },
      },
    ]);
  });

  it("gives a variant's HTML its page's address and lists what the build holds", () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "urkraft-public-"));
    fs.mkdirSync(path.join(publicDir, "bewegung-alltag", "__variante-b"), { recursive: true });
    fs.writeFileSync(
      path.join(publicDir, "bewegung-alltag", "__variante-b", "index.html"),
      `<link rel="canonical" href="https://urkraft.de/bewegung-alltag/__variante-b"><script>window.pagePath="/bewegung-alltag/__variante-b";</script>`,
    );
    expect(finishVariantPages(publicDir, [running])).toBe(1);
    expect(fs.readFileSync(path.join(publicDir, "bewegung-alltag", "__variante-b", "index.html"), "utf8")).toBe(
      `<link rel="canonical" href="https://urkraft.de/bewegung-alltag"><script>window.pagePath="/bewegung-alltag";</script>`,
    );
    expect(JSON.parse(fs.readFileSync(path.join(publicDir, ".experiments.json"), "utf8"))).toEqual({ experiments: [running] });
  });

  it("marks the links to the page itself as current, as on the page (the variant was rendered at its own path)", () => {
    const page = `<a aria-current="page" href="/" class="nav bg-forest-50">Start</a><a href="/agb" class="nav">AGB</a><h1>Alt</h1>`;
    const variant = `<a href="/" class="nav">Start</a><a href="/agb" class="nav">AGB</a><h1>Neu</h1>`;
    expect(withCurrentLinks(variant, page)).toBe(
      `<a aria-current="page" href="/" class="nav bg-forest-50">Start</a><a href="/agb" class="nav">AGB</a><h1>Neu</h1>`,
    );
    // Pages whose links differ are left as they are.
    expect(withCurrentLinks(`<a href="/">Start</a>`, page)).toBe(`<a href="/">Start</a>`);
  });
});
