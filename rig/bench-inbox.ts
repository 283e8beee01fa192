/**
 * `npm run bench:inbox`: the owner's request list with 100,000 contact requests (a fifth answered), on
 * PGlite and, when DATABASE_URL is set, PostgreSQL. Each view is fetched through the real app
 * (app.inject, session cookie and all) INBOX_RUNS times; prints p50 and p99 in milliseconds.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDb, type Db } from "../server/db";
import { createSession } from "../server/services/owner-sessions";
import { formatTable } from "./audit/table";
import { createTempDatabase } from "./bench/postgres";

const ROWS = Number(process.env.INBOX_ROWS ?? 100_000);
const RUNS = Number(process.env.INBOX_RUNS ?? 200);
const OWNER = "bench@urkraft.de";

async function fill(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO contact_requests (name, email, message, form_page, submitted_at, answered_at, answered_by)
     SELECT 'Person ' || n, 'person' || n || '@beispiel.de', repeat('Eine Frage zum Programm. ', 10), '/kontakt-unterstuetzung',
            now() - n * interval '1 minute',
            CASE WHEN n % 5 = 0 THEN now() - n * interval '1 minute' + interval '2 hours' END,
            CASE WHEN n % 5 = 0 THEN $2 END
       FROM generate_series(1, $1::integer) AS n`,
    [ROWS, OWNER],
  );
  await db.exec("ANALYZE contact_requests");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function benchDriver(label: string, env: Record<string, string>): Promise<(string | number)[][]> {
  const config = loadConfig({ ...env, OWNER_EMAILS: OWNER, MAIL_WORKER: "false", BUILD_ON_START: "false", LOG_LEVEL: "warn" });
  const db = await openDb(config);
  const started = Date.now();
  await fill(db);
  console.log(`${label}: ${ROWS} Anfragen angelegt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const app = await buildApp({ config, db, logger: false });
  const cookie = `__Host-urkraft-verwaltung=${await db.transaction((tx) => createSession(tx, OWNER, "link"))}`;
  const get = async (url: string) => {
    const response = await app.inject({ method: "GET", url, headers: { cookie, accept: "application/json" } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { next: string | null };
  };
  // The cursor of a page deep in the list: 2,000 pages of "alle" in.
  const deep = await db.query<{ submitted_at: Date; id: number }>(
    "SELECT submitted_at, id FROM contact_requests ORDER BY submitted_at DESC, id DESC OFFSET $1 LIMIT 1",
    [Math.floor(ROWS / 2)],
  );
  const cursor = `${new Date(deep.rows[0]!.submitted_at).toISOString()}_${deep.rows[0]!.id}`;
  const views: [string, string][] = [
    ["offen, erste Seite", "/api/verwaltung/anfragen?filter=offen"],
    ["alle, erste Seite", "/api/verwaltung/anfragen?filter=alle"],
    ["alle, Seite in der Mitte (Cursor)", `/api/verwaltung/anfragen?filter=alle&vor=${encodeURIComponent(cursor)}`],
    ["beantwortet, erste Seite", "/api/verwaltung/anfragen?filter=beantwortet"],
    ["Suche nach E-Mail", "/api/verwaltung/anfragen?filter=alle&q=person4711%40"],
    ["Übersicht", "/api/verwaltung/uebersicht"],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, url] of views) {
    for (let i = 0; i < 10; i++) await get(url); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = process.hrtime.bigint();
      await get(url);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    rows.push([label, name, RUNS, percentile(times, 50).toFixed(1), percentile(times, 99).toFixed(1)]);
  }
  await app.close();
  await db.close();
  return rows;
}

async function main(): Promise<void> {
  const rows: (string | number)[][] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-inbox-bench-"));
  try {
    rows.push(...(await benchDriver("pglite", { DATA_DIR: dataDir })));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (process.env.DATABASE_URL) {
    const temp = await createTempDatabase(process.env.DATABASE_URL);
    try {
      rows.push(...(await benchDriver("postgres", { DATABASE_URL: temp.url, DATA_DIR: os.tmpdir() })));
    } finally {
      await temp.drop();
    }
  }
  console.log(`\nAnfragenliste der Verwaltung mit ${ROWS.toLocaleString("de-DE")} Anfragen (app.inject, ms)\n`);
  console.log(formatTable(["Datenbank", "Ansicht", "Abrufe", "p50 ms", "p99 ms"], rows));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
