/**
 * Webhook delivery throughput: queues BENCH_WEBHOOK_EVENTS `contact.received` events (default 2000, one
 * person each) through the real event function, starts the real app with its production worker
 * settings, and times how long the worker takes to deliver them all, signed, to a local receiver that
 * runs in a process of its own and answers 204. PGlite, and PostgreSQL too when it is reachable.
 *
 *   npx tsx rig/bench/webhooks.ts
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import {
  createPgliteDatabase,
  createPostgresDatabase,
  postgresReachable,
  type TestDatabase,
} from "../../server/test-support/databases";
import { syncEndpoints } from "../../server/webhooks/deliveries";
import { queueContactReceived } from "../../server/webhooks/events";

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
const SECRET = `whsec_${Buffer.alloc(32, 42).toString("base64")}`;

/** A receiver in its own process: counts POSTs, answers 204, tells the count on GET. */
const RECEIVER = `
let count = 0;
const server = require("node:http").createServer((req, res) => {
  if (req.method === "GET") return res.end(String(count));
  req.resume();
  req.on("end", () => { count += 1; res.writeHead(204).end(); });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;

async function startReceiver() {
  const child = spawn(process.execPath, ["-e", RECEIVER], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout, "data")) as [Buffer];
  const base = `http://127.0.0.1:${chunk.toString().trim()}`;
  return {
    url: `${base}/hook`,
    count: async () => Number(await (await fetch(base)).text()),
    stop: () => child.kill(),
  };
}

async function run(database: TestDatabase): Promise<number> {
  const receiver = await startReceiver();
  try {
    const config = loadConfig({
      DATA_DIR: database.config.dataDir,
      DATABASE_URL: database.config.databaseUrl,
      PUBLIC_DIR: database.config.dataDir,
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: SECRET,
      LOG_LEVEL: "warn",
    });
    await syncEndpoints(database.db, config.webhooks.urls);
    await database.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO contact_requests (name, email, message, form_page)
         SELECT 'Person ' || i, 'person' || i || '@example.de', 'Hallo', '/kontakt-unterstuetzung'
           FROM generate_series(1, $1::integer) i RETURNING id`,
        [EVENTS],
      );
      for (const row of rows) await queueContactReceived(tx, "https://www.urkraft.de", row.id);
    });

    const started = performance.now();
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    try {
      for (;;) {
        const { rows } = await database.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'",
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await app.close();
    }
    const seconds = (performance.now() - started) / 1000;
    const received = await receiver.count();
    if (received !== EVENTS) throw new Error(`${received} von ${EVENTS} Webhooks angekommen`);
    return EVENTS / seconds;
  } finally {
    receiver.stop();
  }
}

async function main(): Promise<void> {
  const targets: [string, () => Promise<TestDatabase>][] = [["PGlite", createPgliteDatabase]];
  if (postgresReachable()) targets.push(["PostgreSQL", createPostgresDatabase]);
  for (const [name, create] of targets) {
    const database = await create();
    try {
      const rate = await run(database);
      console.log(`${name}: ${EVENTS} Webhooks zugestellt, ${rate.toFixed(0)} Ereignisse/s`);
    } finally {
      await database.drop();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
