/**
 * Slow clients against the real server (a separate process, real sockets): thousands of connections that send
 * half a request's headers or half its body are closed once REQUEST_TIMEOUT has passed, while form posts and
 * pages from other visitors are answered meanwhile. The default timeout is 10 s; the test lowers it to keep
 * short, and checks the default separately.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { findFreePort, startServer, stopServer, type ServerProcess } from "../rig/server-load/server-process";
import { buildApp } from "./app";
import { loadConfig, REQUEST_TIMEOUT_MS } from "./config";
import { createPgliteDatabase, seedPgliteDataDir } from "./test-support/databases";
import { createSiteFixture, type SiteFixture } from "./test-support/site-fixture";

const SLOW_CLIENTS = 3_000;
const TIMEOUT_S = 3;

interface SlowClient {
  openedAt: number;
  closedAt: Promise<number>;
  /** What the server sent before closing (a 408, or nothing). */
  received: () => string;
}

/** Opens a connection and sends part of a request, then nothing more. */
function slowClient(port: number, partial: string): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(partial);
      resolve({ openedAt, closedAt, received: () => received });
    });
    const openedAt = performance.now();
    const closedAt = new Promise<number>((done) => socket.once("close", () => done(performance.now())));
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.once("error", (error) => (socket.connecting ? reject(error) : undefined));
  });
}

function halfHeaders(n: number): string {
  return `GET /agb HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Langsam: ${n}\r\n`;
}

function halfBody(n: number): string {
  const body = JSON.stringify({ name: `Langsam ${n}`, email: `langsam-${n}@beispiel.de`, website: "" });
  return (
    `POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, body.length / 2)}`
  );
}

async function timed(work: () => Promise<number>): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const status = await work();
  return { status, ms: performance.now() - started };
}

describe("slow clients", () => {
  let site: SiteFixture;
  let dataDir: string;
  let server: ServerProcess;
  let port: number;

  before(async () => {
    site = await createSiteFixture();
    dataDir = await mkdtemp(path.join(os.tmpdir(), "urkraft-slow-"));
    await seedPgliteDataDir(dataDir);
    port = await findFreePort();
    server = await startServer(port, {
      DATA_DIR: dataDir,
      PUBLIC_DIR: site.dir,
      RATE_LIMIT_MAX: "100000",
      REQUEST_TIMEOUT: `${TIMEOUT_S}s`,
    });
  });
  after(async () => {
    if (server) await stopServer(server);
    await site?.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    `closes ${SLOW_CLIENTS} half-sent requests after the timeout and answers other visitors meanwhile`,
    { timeout: 120_000 },
    async () => {
      const clients: SlowClient[] = [];
      for (let n = 0; n < SLOW_CLIENTS; n += 100) {
        const batch = Array.from({ length: 100 }, (_, i) => slowClient(port, (n + i) % 2 ? halfBody(n + i) : halfHeaders(n + i)));
        clients.push(...(await Promise.all(batch)));
      }
      const opened = performance.now();

      // Other visitors while the slow ones wait: a page and a form post every 100 ms until all slow ones are gone.
      const answers: { status: number; ms: number }[] = [];
      let allClosed = false;
      const closed = Promise.all(clients.map((client) => client.closedAt)).then((times) => {
        allClosed = true;
        return times;
      });
      let visitor = 0;
      while (!allClosed && performance.now() - opened < 3 * TIMEOUT_S * 1000) {
        visitor += 1;
        const email = `besucher-${visitor}@beispiel.de`;
        answers.push(
          ...(await Promise.all([
            timed(async () => (await fetch(`${server.url}/agb/`)).status),
            timed(async () => {
              const response = await fetch(`${server.url}/api/leads`, {
                method: "POST",
                headers: { "content-type": "application/json", origin: server.url },
                body: JSON.stringify({ name: "Besucher", email, website: "" }),
              });
              await response.text();
              return response.status;
            }),
          ])),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(allClosed, "every slow connection was closed by the server");
      const held = (await closed).map((closedAt, i) => (closedAt - clients[i]!.openedAt) / 1000);
      const longest = Math.max(...held);
      const shortest = Math.min(...held);
      const slowestAnswer = Math.max(...answers.map((answer) => answer.ms));
      console.log(
        `# ${SLOW_CLIENTS} slow connections closed after ${shortest.toFixed(1)}–${longest.toFixed(1)} s ` +
          `(timeout ${TIMEOUT_S} s); ${answers.length} other requests answered meanwhile, the slowest in ${Math.round(slowestAnswer)} ms`,
      );
      assert.ok(shortest >= TIMEOUT_S - 0.1, `closed after ${shortest} s, before the timeout`);
      // Node's own default would hold them 300 s; the margin is for a loaded machine closing 3,000 at once.
      assert.ok(longest < 2 * TIMEOUT_S + 1, `held ${longest} s`);
      assert.ok(answers.length >= 2 * TIMEOUT_S, `${answers.length} answers`);
      assert.deepEqual(new Set(answers.map((answer) => answer.status)), new Set([200, 202]));
      assert.ok(slowestAnswer < 3_000, `a visitor waited ${Math.round(slowestAnswer)} ms`);
      const told = clients.filter((client) => client.received().startsWith("HTTP/1.1 408 "));
      assert.ok(told.length > 0, "the slow ones are told 408 where their socket still reads");
    },
  );
});

describe("request timeout setting", () => {
  it("is 10 s by default, for headers and body alike, checked every second", async () => {
    assert.equal(REQUEST_TIMEOUT_MS, 10_000);
    const database = await createPgliteDatabase();
    try {
      const config = loadConfig({ DATA_DIR: database.config.dataDir, PUBLIC_DIR: database.config.dataDir });
      assert.equal(config.requestTimeoutMs, 10_000);
      const app = await buildApp({ config, db: database.db, logger: false });
      try {
        assert.equal(app.server.requestTimeout, 10_000);
        assert.equal(app.server.headersTimeout, 10_000);
      } finally {
        await app.close();
      }
      assert.equal(loadConfig({ REQUEST_TIMEOUT: "30s" }).requestTimeoutMs, 30_000);
      assert.throws(() => loadConfig({ REQUEST_TIMEOUT: "lang" }), /REQUEST_TIMEOUT: „lang“ ist keine Dauer/);
    } finally {
      await database.drop();
    }
  });
});
