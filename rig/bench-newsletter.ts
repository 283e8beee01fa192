/**
 * `npm run bench:newsletter`: a newsletter to 10,000 recipients through the real server (the bundle, as
 * `npm start` runs it) and a real SMTP server in this process, on PGlite and, with DATABASE_URL, on
 * PostgreSQL. Prints how long queueing the 10,000 outbox rows took (goal ≤ 5 s), the sending rate against
 * MAIL_RATE, the server's peak resident memory while queueing and sending (goals: PGlite ≤ 300 MB,
 * PostgreSQL ≤ 200 MB) and the p99 of form posts answered while it sends (goal ≤ 100 ms).
 *
 * First the newsletter goes out alone for BENCH_SEND_SECONDS, then form posts come in beside it for
 * BENCH_FORM_SECONDS (their confirmation mails go before the newsletter's).
 *
 * BENCH_RECIPIENTS (10000), BENCH_MAIL_RATE ("1000/min"), BENCH_SEND_SECONDS (70), BENCH_FORM_SECONDS (15),
 * BENCH_PORTS (9331-9339), BENCH_SERVER_BUNDLE (the bundle's path; default node_modules/.cache/urkraft/server.mjs).
 */
import path from "node:path";
import { SMTPServer } from "smtp-server";

process.env.BENCH_PORTS ??= "9331-9339";
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? "10000");
const MAIL_RATE = process.env.BENCH_MAIL_RATE ?? "1000/min";
const SEND_SECONDS = Number(process.env.BENCH_SEND_SECONDS ?? "70");
const FORM_SECONDS = Number(process.env.BENCH_FORM_SECONDS ?? "15");
const SMTP_PORT = 9330;
const GOALS = { queueSeconds: 5, pglite: 300, postgres: 200, p99Ms: 100 };

const mb = (bytes: number) => Math.round(bytes / 1e6);

async function main(): Promise<void> {
  const { startServer } = await import("./bench/server");
  const { loadForm } = await import("./bench/load");
  const { createTempDatabase } = await import("./bench/postgres");
  const { openDb } = await import("../server/db");
  const { openSocketDb } = await import("../server/db/socket-client");
  const { loadMailContext } = await import("../server/mail/context");
  const { createNewsletter, scheduleNewsletter, getNewsletter } = await import("../server/newsletters/newsletters");

  let accepted = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        accepted += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_RATE,
    MAIL_POLL_INTERVAL: "1s",
  });
  const projectDir = path.resolve(__dirname, "..");
  const context = loadMailContext(path.join(projectDir, "content"));
  const lines: string[] = [];

  const drivers: ("pglite" | "postgres")[] = ["pglite", ...(process.env.DATABASE_URL ? (["postgres"] as const) : [])];
  for (const driver of drivers) {
    const temp = driver === "postgres" ? await createTempDatabase(process.env.DATABASE_URL!) : undefined;
    const server = await startServer({ projectDir, databaseUrl: temp?.url });
    try {
      const db = temp ? await openDb({ databaseUrl: temp.url, dataDir: server.dataDir }) : await openSocketDb(server.dataDir);
      await db.query(
        `INSERT INTO leads (email, name, form_page, submitted_at, consent_text_version, privacy_version, status, confirmed_at)
         SELECT 'leser' || i || '@example.org', 'Leser ' || i, '/', now() - interval '40 days', 'v', 'p', 'confirmed',
                now() - interval '30 days'
           FROM generate_series(1, $1::integer) AS i`,
        [RECIPIENTS],
      );
      // Sent now: the server's own newsletter timer (every MAIL_POLL_INTERVAL, here 1 s) starts it and queues the
      // recipients in its process. The time until it is under way includes up to one timer interval.
      const id = await createNewsletter(
        db,
        context,
        { subject: "Bench", preheader: "", body: "Hallo {{name}},\n\nneue Rezepte." },
        "bench",
      );
      const before = accepted;
      const started = performance.now();
      await scheduleNewsletter(db, context, id);
      let queued: { recipients: number } | undefined;
      while (!queued) {
        const newsletter = await getNewsletter(db, id);
        if (newsletter && newsletter.status !== "scheduled") queued = { recipients: newsletter.figures.recipients };
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const queueSeconds = (performance.now() - started) / 1000;
      const sendStart = performance.now();
      await new Promise((resolve) => setTimeout(resolve, SEND_SECONDS * 1000));
      const sendSeconds = (performance.now() - sendStart) / 1000;
      const sent = accepted - before;
      // Form posts while it sends: 10 connections.
      const { figures } = await loadForm("leads", server.baseUrl, 10, FORM_SECONDS, `bench-${driver}-`);
      const memory = server.memory();
      const perMinute = Number(/(\d+)\s*\/\s*m/.exec(MAIL_RATE)?.[1] ?? Number.NaN);
      const allowed = Number.isNaN(perMinute) ? "unbegrenzt" : `höchstens ${Math.ceil(sendSeconds / 60) * perMinute}`;
      const newsletter = await getNewsletter(db, id);
      await db.close();
      const peak = memory ? mb(Math.max(memory.peakBytes, memory.startPeakBytes)) : NaN;
      const goal = driver === "pglite" ? GOALS.pglite : GOALS.postgres;
      lines.push(
        `${driver}: ${queued?.recipients ?? 0} Empfänger in ${queueSeconds.toFixed(2)} s eingereiht (Ziel ≤ ${GOALS.queueSeconds} s: ${queueSeconds <= GOALS.queueSeconds ? "erreicht" : "verfehlt"}); ` +
          `${sent} Newsletter-Mails in ${sendSeconds.toFixed(0)} s gesendet bei MAIL_RATE=${MAIL_RATE} ` +
          `(erlaubt: ${allowed}; nach den Formular-Posts noch wartend: ${newsletter?.figures.waiting}); Spitze des Servers ${peak} MB (Start ${memory ? mb(memory.startPeakBytes) : "?"} MB, Ziel ≤ ${goal} MB: ${peak <= goal ? "erreicht" : "verfehlt"}); ` +
          `Formular-Posts währenddessen: ${figures.requestsPerSecond}/s, p99 ${figures.p99Ms} ms (Ziel ≤ ${GOALS.p99Ms} ms: ${figures.p99Ms <= GOALS.p99Ms ? "erreicht" : "verfehlt"}), ` +
          `Antworten ${JSON.stringify(figures.statusCodes)}`,
      );
      console.log(lines.at(-1));
    } finally {
      await server.stop();
      await temp?.drop();
    }
  }
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  console.log(
    `\nNewsletter-Bench (${RECIPIENTS} Empfänger, ${SEND_SECONDS} s Versand, dann ${FORM_SECONDS} s Formular-Posts):\n${lines.join("\n")}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
