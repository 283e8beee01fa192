/** The budget rules and the pieces of the audit that compute figures, without a browser. */
import assert from "node:assert/strict";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, it } from "node:test";
import {
  FIRST_FLIGHT_BYTES,
  NOT_FOUND_PATH,
  budgetFailures,
  documentBudgetBytes,
  firstLoadJsBudgetKb,
  flightsFor,
} from "./budgets";
import { median } from "./lighthouse";
import { gzipSize, inlineScripts, type PageMeasurement } from "./measure";
import { formatTable } from "./table";

function measurement(overrides: Partial<PageMeasurement>): PageMeasurement {
  return {
    path: "/agb",
    status: 200,
    firstLoadJsGzipBytes: 70_000,
    scripts: [{ url: "/app.js", gzipBytes: 70_000 }],
    documentBytes: 12_000,
    transferBytes: 200_000,
    requestCount: 10,
    documentLoads: 1,
    foreignRequests: [],
    cookies: [],
    storageKeys: [],
    cspViolations: [],
    imagesWithoutSize: [],
    axe: [],
    ...overrides,
  };
}

describe("budgetFailures", () => {
  it("passes a page within every budget", () => {
    assert.deepEqual(budgetFailures(measurement({})), []);
  });

  it("allows 100 KB on the two form pages and 75 KB elsewhere (1 KB = 1000 bytes)", () => {
    assert.equal(firstLoadJsBudgetKb("/"), 100);
    assert.equal(firstLoadJsBudgetKb("/kontakt-unterstuetzung"), 100);
    assert.equal(firstLoadJsBudgetKb("/gesunde-rezepte"), 75);
    assert.equal(firstLoadJsBudgetKb(NOT_FOUND_PATH), 75);
    assert.deepEqual(budgetFailures(measurement({ firstLoadJsGzipBytes: 75_000 })), []);
    assert.deepEqual(budgetFailures(measurement({ path: "/", firstLoadJsGzipBytes: 99_000 })), []);
    const [failure] = budgetFailures(measurement({ firstLoadJsGzipBytes: 75_001 }));
    assert.match(failure, /^\/agb: First-Load-JS 75 KB gzip > 75 KB \(größte: \/app\.js 70 KB\)$/);
  });

  it("wants each page in the server's first flight (14,600 bytes), the privacy statement too", () => {
    assert.equal(FIRST_FLIGHT_BYTES, 14_600);
    assert.equal(documentBudgetBytes("/"), 14_600);
    assert.equal(documentBudgetBytes("/datenschutz"), 14_600);
    // The complete privacy account behind the first layer may take a second flight.
    assert.equal(documentBudgetBytes("/personenbezogene-daten"), 43_800);
    assert.deepEqual(budgetFailures(measurement({ documentBytes: 14_600 })), []);
    assert.deepEqual(budgetFailures(measurement({ documentBytes: 14_601 })), [
      "/agb: Seite 14601 B mit Kopfzeilen, komprimiert > 14600 B (erster Flug, 10 TCP-Segmente); sie käme eine " +
        "Netzwerk-Rundreise später an: Text auf der Seite kürzen (docs/public-pages.md: „Each page fits the server's first flight“)",
    ]);
    assert.match(
      budgetFailures(measurement({ path: "/datenschutz", documentBytes: 14_601 }))[0]!,
      /^\/datenschutz: Seite 14601 B/,
    );
    assert.deepEqual([14_600, 14_601, 43_800, 43_801].map(flightsFor), [1, 2, 2, 3]);
  });

  it("names every broken count with the page", () => {
    const failures = budgetFailures(
      measurement({
        status: 500,
        axe: [{ id: "color-contrast", impact: "serious", help: "Kontrast", targets: [".x"] }],
        foreignRequests: ["https://fonts.example/a.woff2"],
        cookies: ["id (127.0.0.1)"],
        storageKeys: ["localStorage:a"],
        cspViolations: ["script-src blockiert inline"],
        imagesWithoutSize: ["/bild.jpg"],
      }),
    );
    assert.deepEqual(failures, [
      "/agb: Status 500 statt 200",
      "/agb: axe color-contrast (serious): Kontrast → .x",
      "/agb: Anfrage an fremden Ursprung https://fonts.example/a.woff2",
      "/agb: Cookie id (127.0.0.1)",
      "/agb: Speicher localStorage:a",
      "/agb: CSP-Verstoß script-src blockiert inline",
      "/agb: <img> ohne width/height: /bild.jpg",
    ]);
  });

  it("expects 404 for the missing path", () => {
    assert.deepEqual(budgetFailures(measurement({ path: NOT_FOUND_PATH, status: 404 })), []);
    assert.deepEqual(budgetFailures(measurement({ path: NOT_FOUND_PATH, status: 200 })), [
      `${NOT_FOUND_PATH}: Status 200 statt 404`,
    ]);
  });
});

describe("inlineScripts", () => {
  it("keeps scripts the browser runs and drops JSON data blocks and external scripts", () => {
    const html = `<script>window.a=1</script><script type="application/ld+json">{"@context":"https://schema.org"}</script>
<script id="x" type="application/json">{}</script><script src="/app.js"></script><script type="module">import "/b.js"</script><script> </script>`;
    assert.deepEqual(inlineScripts(html), ["window.a=1", 'import "/b.js"']);
  });
});

describe("gzipSize", () => {
  it("is the size of a real gzip stream of the text", () => {
    const text = "const x = 1;\n".repeat(1000);
    const size = gzipSize(text);
    assert.ok(size > 20 && size < text.length / 10);
    const stream = gzipSync(text, { level: 6 });
    assert.equal(gunzipSync(stream).toString(), text);
    assert.equal(size, stream.length);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle values", () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(median([]), null);
  });
});

describe("formatTable", () => {
  it("aligns text left and number columns, header included, right", () => {
    assert.equal(
      formatTable(
        ["Seite", "KB"],
        [
          ["/", "105.6"],
          ["/agb", "7.0"],
        ],
      ),
      ["| Seite |    KB |", "|-------|------:|", "| /     | 105.6 |", "| /agb  |   7.0 |"].join("\n"),
    );
  });
});
