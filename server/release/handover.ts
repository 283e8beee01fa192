/**
 * A deploy whose server code changed needs a new process; the port must never be closed in between. The
 * running (old) process starts the new release's server.mjs with an IPC channel and, once it is ready, sends
 * it the listening socket itself. Connections that arrive meanwhile wait in the socket's queue instead of
 * being refused. The old process then stops accepting, lets its requests finish and closes the database.
 * On PostgreSQL both processes serve side by side for that moment (the outbox claims rows with
 * FOR UPDATE SKIP LOCKED, so no mail is sent twice); the embedded PGlite allows one process only, so there
 * the new process opens the database once the old one has closed it.
 * Should the new process fail to start, the old one keeps serving.
 */
import { spawn } from "node:child_process";
import { Server as NetServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { drain } from "../shutdown";
import { releaseDir, type ReleaseInfo } from "./releases";

export const HANDOVER_ENV = "URKRAFT_HANDOVER";
const START_LIMIT_MS = 90_000;

type Message = { type: "ready" } | { type: "listening" } | { type: "socket" } | { type: "database-free" };

/** The new process's side, when it was started by a handover. */
export interface HandoverChild {
  /** Tells the old process this one can take the socket. */
  ready(): void;
  /** Resolves once the old process has closed the database (needed before opening PGlite). */
  databaseFree(): Promise<void>;
  /** Listens on the socket the old process passed on. */
  listen(app: FastifyInstance): Promise<void>;
}

export function handoverFromParent(): HandoverChild | undefined {
  if (!process.env[HANDOVER_ENV] || !process.send) return undefined;
  delete process.env[HANDOVER_ENV];
  const send = process.send.bind(process);
  let hasSocket = false;
  let gotSocket: (server: Server) => void = () => {};
  const socket = new Promise<Server>((resolve) => (gotSocket = resolve));
  // Node accepts on a server handle the moment it arrives over IPC, with a bare net.Server of its own. Until
  // the app listens on the handle, the connections it accepts wait here; without this they would reach no
  // handler and hang until the client gives up.
  const waiting: Socket[] = [];
  let freed: () => void = () => {};
  const databaseFree = new Promise<void>((resolve) => (freed = resolve));
  process.on("message", (message: Message, handle?: Server) => {
    if (message.type === "socket" && handle) {
      hasSocket = true;
      handle.on("connection", (connection: Socket) => waiting.push(connection));
      gotSocket(handle);
    }
    if (message.type === "database-free") freed();
  });
  // Without the old process (killed mid-handover) there is no socket to serve: stop.
  process.once("disconnect", () => {
    if (hasSocket) return;
    console.error("Der bisherige Serverprozess ist vor der Übergabe des Ports verschwunden; dieser Prozess endet.");
    process.exit(1);
  });
  return {
    ready: () => void send({ type: "ready" }),
    databaseFree: () => databaseFree,
    async listen(app) {
      const server = await socket;
      const handle = (server as unknown as { _handle: object })._handle;
      await app.listen({ handle } as unknown as Parameters<FastifyInstance["listen"]>[0]);
      // From here the app's server accepts on the handle; those that came before are served now.
      server.removeAllListeners("connection");
      for (const connection of waiting.splice(0)) app.server.emit("connection", connection);
      send({ type: "listening" });
      process.disconnect?.();
    },
  };
}

function waitFor(child: ReturnType<typeof spawn>, type: Message["type"]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`keine Antwort nach ${START_LIMIT_MS / 1000} s`)), START_LIMIT_MS);
    const onMessage = (message: Message) => message.type === type && done();
    const onExit = (code: number | null, signal: string | null) => done(new Error(`beendet (${signal ?? `Code ${code}`})`));
    function done(error?: Error) {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (error) reject(error);
      else resolve();
    }
    child.on("message", onMessage);
    child.on("exit", onExit);
  });
}

/** Idle kept-open connections end by the server's keep-alive timeout, which clients know from its header. */
const CONNECTIONS_LIMIT_MS = 7_000;
const EXCLUSIVE_LIMIT_MS = 1_000;

/**
 * Stops accepting without cutting kept-open connections (http.Server#close would close the idle ones, and a
 * request a client sends on one at that moment would fail): every answer from now on closes its connection,
 * idle ones run out by the keep-alive timeout. Resolves when none is left, or after CONNECTIONS_LIMIT_MS.
 */
function stopAccepting(app: FastifyInstance, limitMs = CONNECTIONS_LIMIT_MS): Promise<void> {
  app.server.on("request", (_request, response) => {
    if (!response.headersSent) response.setHeader("connection", "close");
  });
  return new Promise((resolve) => {
    setTimeout(resolve, limitMs).unref();
    NetServer.prototype.close.call(app.server, () => resolve());
  });
}

/**
 * Starts the release's server and passes the port to it. Resolves false (the old process serving on) when
 * the new one does not get ready; otherwise this process exits once drained.
 */
export async function handOver(options: {
  app: FastifyInstance;
  closeDatabase: () => Promise<void>;
  releasesDir: string;
  release: ReleaseInfo;
  /** PGlite: one process at a time. */
  exclusiveDatabase: boolean;
}): Promise<boolean> {
  const { app, closeDatabase, release, exclusiveDatabase } = options;
  const child = spawn(
    process.execPath,
    [...process.execArgv, path.join(releaseDir(options.releasesDir, release.id), "server.mjs")],
    {
      cwd: process.cwd(),
      env: { ...process.env, [HANDOVER_ENV]: "1" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      detached: true,
    },
  );
  try {
    await waitFor(child, "ready");
  } catch (error) {
    child.kill("SIGKILL");
    app.log.error(
      `Der Serverprozess für Release ${release.id} ist nicht bereit geworden (${(error as Error).message}); dieser Prozess bedient weiter.`,
    );
    return false;
  }
  const listening = waitFor(child, "listening");
  listening.catch(() => undefined);
  await new Promise<void>((resolve, reject) =>
    child.send({ type: "socket" } satisfies Message, app.server, (error) => (error ? reject(error) : resolve())),
  );
  if (exclusiveDatabase) {
    // New connections wait for the new process meanwhile: keep that short.
    await stopAccepting(app, EXCLUSIVE_LIMIT_MS);
    await drain(app, closeDatabase);
    child.send({ type: "database-free" } satisfies Message);
    await listening.catch((error: unknown) => {
      app.log.error(`Der Serverprozess für Release ${release.id} hat den Port nicht übernommen: ${(error as Error).message}`);
      process.exit(1);
    });
  } else {
    try {
      await listening;
    } catch (error) {
      app.log.error(
        `Der Serverprozess für Release ${release.id} hat den Port nicht übernommen (${(error as Error).message}); dieser Prozess bedient weiter.`,
      );
      return false;
    }
    await stopAccepting(app);
    await drain(app, closeDatabase);
  }
  app.log.info({ release: release.id, pid: child.pid }, "handed over to the new server process");
  child.unref();
  if (child.connected) child.disconnect();
  process.exit(0);
}
