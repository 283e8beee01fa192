/**
 * `npm run bench:visits`: shows that visit counting (server/analytics) keeps its memory flat under junk.
 * First 1,000,000 requests with random paths, referrers, utm values (10 KB ones, Unicode, control
 * characters) and user agents go through the same counting code in this process, with the counts taken
 * every 60,000 requests as the minute's write takes them; every 100,000 it prints the heap after a full
 * collection, the rows waiting and the time per request. Then the real server on PGlite gets the same kind
 * of requests over HTTP for VISITS_HTTP_SECONDS (default 5) and its resident memory and the rows it wrote
 * are printed. Ports: free ones the system picks, or from BENCH_PORTS.
 */
import autocannon from "autocannon";
import fs from "node:fs";
import path from "node:path";
import { viewCounter } from "../server/analytics";
import { VisitCounter } from "../server/analytics/counter";
import { dayClock } from "../server/analytics/day";
import { openDb } from "../server/db";
import { ALL_ROUTES } from "../common/routes";
import { startServer } from "./bench/server";

const TOTAL = 1_000_000;
const WRITE_EVERY = 60_000;
const REPORT_EVERY = 100_000;
const httpSeconds = Number(process.env.VISITS_HTTP_SECONDS ?? 5);
const projectDir = path.resolve(__dirname, "..");

const PAGES = ALL_ROUTES.filter((route) => route.kind !== "owner").map((route) => route.path);
const AGENTS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const junk = (length: number) =>
  Array.from({ length }, () =>
    String.fromCodePoint(pick([0x41 + Math.floor(Math.random() * 26), 0x7, 0xfc, 0x1f332, 0x202e])),
  ).join("");

/** A random request: a known page or a junk path, a random referrer, random utm values now and then. */
function randomRequest(): { url: string; headers: Record<string, string> } {
  const page = Math.random() < 0.7 ? pick(PAGES) : `/${Math.random().toString(36).slice(2)}/${junk(8)}`;
  const params = new URLSearchParams();
  if (Math.random() < 0.3)
    params.set("utm_source", Math.random() < 0.01 ? junk(10 * 1024) : junk(1 + Math.floor(Math.random() * 40)));
  if (Math.random() < 0.2) params.set("utm_campaign", junk(1 + Math.floor(Math.random() * 80)));
  const query = params.size > 0 ? `?${params}` : "";
  const headers: Record<string, string> = { accept: "text/html", "user-agent": pick(AGENTS) };
  const roll = Math.random();
  if (roll < 0.6) headers.referer = `https://${Math.random().toString(36).slice(2, 10)}.example/${encodeURIComponent(junk(5))}`;
  // Header values are sent as a browser sends them (no control characters: Node refuses those with 400).
  else if (roll < 0.7) headers.referer = `kein Link ${Math.random().toString(36)}`;
  return { url: encodeURI(page) + query, headers };
}

function inProcess(): void {
  const counter = new VisitCounter(dayClock("Europe/Berlin"));
  const count = viewCounter(counter, ["www.urkraft.de"]);
  const requests = Array.from({ length: 5_000 }, randomRequest);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("Bitte mit node --expose-gc starten (npm run bench:visits tut das).");
  gc();
  const heapAtStart = process.memoryUsage().heapUsed;
  console.log(
    `Im Prozess: ${TOTAL.toLocaleString("de-DE")} Aufrufe, Zählstand alle ${WRITE_EVERY.toLocaleString("de-DE")} geschrieben`,
  );
  console.log(`  Heap am Anfang ${(heapAtStart / 1e6).toFixed(1)} MB (mit ${requests.length} vorbereiteten Zufallsanfragen)`);
  let started = process.hrtime.bigint();
  for (let i = 1; i <= TOTAL; i += 1) {
    const request = requests[i % requests.length]!;
    // A new random request every time for a tenth of them, so the memos see ever new values too.
    const current = i % 10 === 0 ? randomRequest() : request;
    count(
      { method: "GET", url: current.url, host: "www.urkraft.de", headers: current.headers },
      i % 7 === 0 ? 404 : 200,
      "text/html",
    );
    if (i % WRITE_EVERY === 0) counter.take();
    if (i % REPORT_EVERY === 0) {
      const ns = Number(process.hrtime.bigint() - started) / REPORT_EVERY;
      const waiting = counter.size();
      gc();
      const heap = process.memoryUsage().heapUsed;
      console.log(
        `  nach ${i.toLocaleString("de-DE").padStart(9)}: Heap ${(heap / 1e6).toFixed(1)} MB, ` +
          `wartende Zeilen ${waiting.pages} Seiten / ${waiting.sources} Quellen, ` +
          `zugelassene Quellen des Tages ${waiting.admitted}, ${(ns / 1000).toFixed(2)} µs je Anfrage (mit Zufallserzeugung)`,
      );
      started = process.hrtime.bigint();
    }
  }
}

async function overHttp(): Promise<void> {
  console.log(`\nÜber HTTP: der Server auf PGlite, ${httpSeconds} s zufällige Anfragen (10 Verbindungen)`);
  const server = await startServer({ projectDir, env: { VISIT_STATS_INTERVAL: "1s" } });
  let requests = 0;
  try {
    const before = server.memory();
    const result = await autocannon({
      url: server.baseUrl,
      connections: 10,
      duration: httpSeconds,
      requests: [
        {
          setupRequest: (request) => {
            const random = randomRequest();
            return { ...request, method: "GET", path: random.url, headers: { ...request.headers, ...random.headers } };
          },
        },
      ],
    });
    requests = result.requests.total;
    const after = server.memory();
    const mb = (bytes: number | undefined) => (bytes === undefined ? "–" : `${Math.round(bytes / 1e6)} MB`);
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stats]) => `${code}×${(stats as { count: number }).count}`)
      .join(" ");
    console.log(
      `  ${requests.toLocaleString("de-DE")} Anfragen (${statuses}, ${Math.round(requests / result.duration)}/s); resident vorher ${mb(before?.currentBytes)}, ` +
        `nachher ${mb(after?.currentBytes)}, Spitze unter Last ${mb(after?.peakBytes)}`,
    );
  } finally {
    await server.stop();
  }
  const db = await openDb({ databaseUrl: undefined, dataDir: server.dataDir }, { migrate: false });
  try {
    const { rows } = await db.query<{ pages: number; sources: number; views: number }>(
      `SELECT (SELECT count(*)::int FROM visit_pages) AS pages, (SELECT count(*)::int FROM visit_sources) AS sources,
              (SELECT coalesce(sum(views), 0)::int FROM visit_pages) AS views`,
    );
    const { pages, sources, views } = rows[0]!;
    console.log(`  in der Datenbank: ${pages} Zeilen Seiten, ${sources} Zeilen Quellen, ${views} Aufrufe gezählt (Bots nicht)`);
  } finally {
    await db.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  inProcess();
  if (httpSeconds > 0) await overHttp();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
