/**
 * `npm run bench`: per driver (PGlite; and PostgreSQL too when DATABASE_URL is set) first measures the
 * floor, single-row INSERT commits through the same driver and pool, then starts the real server and
 * drives `POST /api/leads`, `POST /api/contact` and `GET /` with autocannon for BENCH_DURATION seconds
 * (default 10) at 1, 10 and 50 connections (BENCH_CONNECTIONS). It prints each form's rate as a ratio to
 * the floor (goal ≥ 0.5 at 50 connections, p99 ≤ 100 ms) beside the rate of the same post refused before
 * the database (the most any form post can reach on the machine) and the server's CPU time per request in each
 * of these runs (what a lead costs the server beyond a refused post), checks every stored lead and contact request
 * against the 202 answers and reports the server's peak resident memory (goals: 300 MB with PGlite,
 * 200 MB with PostgreSQL); BENCH_MEMORY_PROBE=1 adds where it goes (heap, external, array buffers).
 * Reports the size of public/ and, with BENCH_BUILD=1, the time of a cold `gatsby build`. Measures GET /
 * with visit counting on and off in turns (goal: ≥ 95 % of the rate without; bench/visit-counting.ts);
 * BENCH_ONLY=counting runs only that. Writes reports/bench.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatTable } from "./audit/table";
import {
  checkLeads,
  loadForm,
  loadHome,
  loadRefusedLeads,
  type FormName,
  type LeadCheck,
  type LeadTrace,
  type LoadFigures,
} from "./bench/load";
import { measureRawInserts, type RawInsertFigures } from "./bench/raw-inserts";
import { createTempDatabase } from "./bench/postgres";
import { startServer, type ServerMemory } from "./bench/server";
import { coldBuild, gatsbyBuild, siteSize, type SiteSize } from "./bench/site";
import { storedLeadEmails } from "./bench/stored-leads";
import { benchCounting, COUNTING_GOAL, type CountingFigures } from "./bench/visit-counting";

const projectDir = path.resolve(__dirname, "..");
const publicDir = path.join(projectDir, "public");
const reportFile = path.join(projectDir, "reports/bench.json");
const durationS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "1,10,50").split(",").map(Number);

interface DriverRun {
  driver: "pglite" | "postgres";
  raw: RawInsertFigures[];
  figures: LoadFigures[];
  leads: LeadCheck;
  contact: LeadCheck;
  memory: ServerMemory | undefined;
}

const FORM_TABLES: Record<FormName, "leads" | "contact_requests"> = { leads: "leads", contact: "contact_requests" };

async function benchDriver(driver: DriverRun["driver"], databaseUrl?: string): Promise<DriverRun> {
  const raw = await measureRawInserts(databaseUrl, CONNECTIONS, durationS);
  for (const r of raw) console.log(`${driver}: INSERT-Commits, ${r.connections} Verbindungen: ${r.insertsPerSecond}/s`);
  const server = await startServer({ projectDir, databaseUrl });
  const prefix = `bench-${process.pid}-${Date.now()}-`;
  const traces: Record<FormName, LeadTrace> = {
    leads: { sent: [], answers: new Map() },
    contact: { sent: [], answers: new Map() },
  };
  const figures: LoadFigures[] = [];
  try {
    /** The run's figures with the server's CPU time per answered request. */
    const measured = async <T>(run: () => Promise<T>, figuresOf: (result: T) => LoadFigures): Promise<T> => {
      const before = server.cpuSeconds();
      const result = await run();
      const after = server.cpuSeconds();
      const f = figuresOf(result);
      if (before !== undefined && after !== undefined && f.requests > 0)
        f.serverCpuUsPerRequest = Math.round(((after - before) / f.requests) * 1e6);
      return result;
    };
    for (const connections of CONNECTIONS) {
      for (const form of ["leads", "contact"] as const) {
        const run = await measured(
          () => loadForm(form, server.baseUrl, connections, durationS, `${prefix}${form}-c${connections}-`),
          (r) => r.figures,
        );
        traces[form].sent.push(...run.trace.sent);
        for (const [email, status] of run.trace.answers) traces[form].answers.set(email, status);
        figures.push(run.figures);
        console.log(`${driver}: ${run.figures.scenario}, ${connections} Verbindungen: ${run.figures.requestsPerSecond} req/s`);
      }
      if (connections === Math.max(...CONNECTIONS)) {
        const refused = await measured(
          () => loadRefusedLeads(server.baseUrl, connections, durationS),
          (r) => r,
        );
        figures.push(refused);
        console.log(`${driver}: ${refused.scenario}, ${connections} Verbindungen: ${refused.requestsPerSecond} req/s`);
      }
      const home = await loadHome(server.baseUrl, connections, durationS);
      figures.push(home);
      console.log(`${driver}: GET /, ${connections} Verbindungen: ${home.requestsPerSecond} req/s`);
    }
  } finally {
    await server.stop();
  }
  const memory = server.memory();
  try {
    const config = { databaseUrl: server.databaseUrl, dataDir: server.dataDir };
    const check = async (form: FormName) =>
      checkLeads(traces[form], await storedLeadEmails(config, `${prefix}${form}-`, FORM_TABLES[form]));
    return { driver, raw, figures, leads: await check("leads"), contact: await check("contact"), memory };
  } finally {
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

/** Goal 2 of the performance work: a form post costs about one round trip. */
const RATIO_GOAL = 0.5;
const P99_GOAL_MS = 100;

function ratioTable(runs: DriverRun[]): string {
  const headers = ["Datenbank", "Verb.", "INSERT/s", "Formular", "req/s", "Verhältnis", "p99 ms", "Server-CPU µs/Anfr.", "Ziel"];
  const rows = runs.flatMap((run) =>
    run.raw.flatMap((raw) =>
      run.figures
        .filter((f) => f.connections === raw.connections && f.scenario.startsWith("POST"))
        .map((f) => {
          const ratio = raw.insertsPerSecond > 0 ? f.requestsPerSecond / raw.insertsPerSecond : NaN;
          const met = ratio >= RATIO_GOAL && f.p99Ms <= P99_GOAL_MS;
          return [
            run.driver,
            raw.connections,
            raw.insertsPerSecond,
            f.scenario,
            f.requestsPerSecond,
            ratio.toFixed(2),
            f.p99Ms,
            f.serverCpuUsPerRequest ?? "–",
            f.ceiling ? "Obergrenze" : raw.connections === Math.max(...CONNECTIONS) ? (met ? "erreicht" : "verfehlt") : "",
          ];
        }),
    ),
  );
  return formatTable(headers, rows);
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;

function loadTable(runs: DriverRun[]): string {
  const headers = [
    "Datenbank",
    "Anfrage",
    "Verb.",
    "req/s",
    "p50 ms",
    "p99 ms",
    "Anfragen",
    "Fehler",
    "Timeouts",
    "non-2xx",
    "Status",
  ];
  const rows = runs.flatMap((run) =>
    run.figures.map((f) => [
      run.driver,
      f.scenario,
      f.connections,
      f.requestsPerSecond,
      f.p50Ms,
      f.p99Ms,
      f.requests,
      f.errors,
      f.timeouts,
      f.non2xx,
      Object.entries(f.statusCodes)
        .map(([code, count]) => `${code}×${count}`)
        .join(" "),
    ]),
  );
  return formatTable(headers, rows);
}

function checkLine(run: DriverRun, form: FormName): string {
  const leads = form === "leads" ? run.leads : run.contact;
  const fromAnswers = leads.stored - leads.storedWithoutAnswer;
  const verdict = leads.ok ? "OK" : "FEHLER";
  let line = `${run.driver}, ${FORM_TABLES[form]}: ${leads.accepted} Antworten 202, ${fromAnswers} davon gespeichert (${verdict})`;
  if (leads.storedWithoutAnswer > 0)
    line += `; dazu ${leads.storedWithoutAnswer} gespeichert, deren Anfrage beim Stopp des Laufs noch offen war`;
  if (leads.lost.length > 0)
    line += `; ${leads.lost.length} mit 202 beantwortet, aber nicht gespeichert: ${leads.lost.slice(0, 3).join(", ")}`;
  if (leads.unexpected.length > 0)
    line += `; ${leads.unexpected.length} gespeichert ohne 202: ${leads.unexpected.slice(0, 3).join(", ")}`;
  return line;
}

const MEMORY_GOALS_MB = { pglite: 300, postgres: 200 } as const;

function memoryLine(run: DriverRun): string {
  if (!run.memory) return `${run.driver}: nicht messbar (nur unter Linux)`;
  const mbOf = (bytes: number) => Math.round(bytes / 1_000_000);
  const { startPeakBytes, peakBytes, currentBytes } = run.memory;
  const peak = mbOf(Math.max(startPeakBytes, peakBytes));
  const goal = MEMORY_GOALS_MB[run.driver];
  let line =
    `${run.driver}: Spitze beim Start (neue Datenbank) ${mbOf(startPeakBytes)} MB, unter Last ${mbOf(peakBytes)} MB, ` +
    `am Ende ${mbOf(currentBytes)} MB (Ziel ≤ ${goal} MB: ${peak <= goal ? "erreicht" : "verfehlt"})`;
  const at = run.memory.breakdown?.atRssPeak;
  if (at) {
    const rest = at.rss - at.heapTotal - at.external;
    line +=
      `\n    bei der RSS-Spitze ${mbOf(at.rss)} MB: V8-Heap ${mbOf(at.heapTotal)} MB (belegt ${mbOf(at.heapUsed)}), ` +
      `extern ${mbOf(at.external)} MB (davon ArrayBuffer ${mbOf(at.arrayBuffers)}), ` +
      `Rest (Code, native Speicher, WebAssembly) ${mbOf(rest)} MB`;
  }
  return line;
}

function countingLine(figures: CountingFigures): string {
  const rounds = (rates: number[]) => rates.join(", ");
  const met = figures.ratio >= COUNTING_GOAL ? "erreicht" : "verfehlt";
  return (
    `GET / mit Besucherzählung, ${figures.connections} Verbindungen, ${figures.rounds} Runden à ${figures.durationS} s im Wechsel: ` +
    `ohne ${rounds(figures.off)} req/s, mit ${rounds(figures.on)} req/s; beste Runde mit/ohne ` +
    `${(figures.ratio * 100).toFixed(1)} % (Ziel ≥ ${COUNTING_GOAL * 100} %: ${met}); ` +
    `Server-CPU je Anfrage ohne ${figures.cpuUsOff ?? "–"} µs, mit ${figures.cpuUsOn ?? "–"} µs`
  );
}

async function ensureBuilt(): Promise<void> {
  if (fs.existsSync(path.join(publicDir, "index.html"))) return;
  console.log("public/ fehlt: baue die Seite (gatsby build) …");
  await gatsbyBuild(projectDir, projectDir);
}

async function main(): Promise<void> {
  await ensureBuilt();
  let build: { ms: number; size: SiteSize } | undefined;
  if (process.env.BENCH_BUILD === "1") {
    console.log("Kalter gatsby build in einer Kopie des Projekts …");
    build = await coldBuild(projectDir);
    console.log(`gatsby build (kalt): ${(build.ms / 1000).toFixed(1)} s`);
  }

  const onlyCounting = process.env.BENCH_ONLY === "counting";
  const runs: DriverRun[] = onlyCounting ? [] : [await benchDriver("pglite")];
  if (process.env.DATABASE_URL && !onlyCounting) {
    const database = await createTempDatabase(process.env.DATABASE_URL);
    try {
      runs.push(await benchDriver("postgres", database.url));
    } finally {
      await database.drop();
    }
  }

  const counting = await benchCounting(
    projectDir,
    Math.max(...CONNECTIONS),
    durationS,
    Number(process.env.BENCH_COUNTING_ROUNDS ?? 4),
  );
  console.log(countingLine(counting));

  const size = siteSize(publicDir);
  console.log(`\nLast je ${durationS} s, ${os.cpus().length} CPU-Kerne, Server und autocannon auf derselben Maschine:\n`);
  console.log(loadTable(runs));
  console.log(`\nSpeicher des Serverprozesses (resident):\n  ${runs.map(memoryLine).join("\n  ")}`);
  console.log(`\nFormulare gegen die Untergrenze (einzelne INSERT-Commits über denselben Treiber und Pool):\n`);
  console.log(ratioTable(runs));
  const checks = runs.flatMap((run) => [checkLine(run, "leads"), checkLine(run, "contact")]);
  console.log(`\nGespeicherte Leads und Anfragen gegen 202-Antworten:\n  ${checks.join("\n  ")}`);
  console.log(
    `\npublic/: ${mb(size.bytes)} in ${size.files} Dateien, ohne Source-Maps ${mb(size.bytesWithoutMaps)}` +
      " (kann Reste früherer Builds enthalten; gatsby clean räumt auf)",
  );
  if (build) {
    console.log(
      `Kalter gatsby build: ${(build.ms / 1000).toFixed(1)} s; er schreibt ${mb(build.size.bytes)} in ${build.size.files} Dateien, ohne Source-Maps ${mb(build.size.bytesWithoutMaps)}`,
    );
  } else {
    console.log("Kalter gatsby build: nicht gemessen (BENCH_BUILD=1 setzen)");
  }

  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  const report = {
    measuredAt: new Date().toISOString(),
    durationS,
    cpus: os.cpus().length,
    runs: runs.map((run) => ({
      driver: run.driver,
      rawInserts: run.raw,
      load: run.figures,
      leads: { ...run.leads, lost: run.leads.lost.length, unexpected: run.leads.unexpected.length },
      contact: { ...run.contact, lost: run.contact.lost.length, unexpected: run.contact.unexpected.length },
      memory: run.memory,
    })),
    visitCounting: counting,
    public: size,
    coldBuild: build ? { seconds: Math.round(build.ms / 100) / 10, output: build.size } : null,
  };
  fs.writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nBericht: ${path.relative(process.cwd(), reportFile)}`);

  if (runs.some((run) => !run.leads.ok || !run.contact.ok)) {
    console.error("Gespeicherte Leads oder Anfragen stimmen nicht mit den 202-Antworten überein.");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
