/**
 * The running server lends its PGlite database to local processes (`npm run leads`, psql, backups) over a
 * Unix socket in DATA_DIR, speaking the PostgreSQL protocol through pglite-socket. Only the owner of the
 * data directory may connect (mode 0600). A connection gets the database in short turns, so the site's own
 * queries never wait long for it (see socket-sessions.ts).
 */
import { chmod, rm } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from "@electric-sql/pglite-socket";
import { ExclusiveSessions } from "./socket-sessions";

/** The name libpq and node-postgres look for in a socket directory, so `psql -h DATA_DIR` finds it too. */
export const SOCKET_NAME = ".s.PGSQL.5432";

/** Unix socket paths longer than this do not fit into sockaddr_un on every system. */
const MAX_SOCKET_PATH = 103;

/** A connection silent this long is closed, so forgotten ones do not use up the connection slots. */
export const SOCKET_IDLE_TIMEOUT_MS = 10_000;

const MAX_CONNECTIONS = 16;

export function socketPath(dataDir: string): string {
  return path.join(dataDir, SOCKET_NAME);
}

export interface LocalSocket {
  path: string;
  stop(): Promise<void>;
}

export async function startLocalSocket(
  pglite: PGlite,
  dataDir: string,
  onError: (error: unknown) => void = () => {},
): Promise<LocalSocket> {
  const file = socketPath(dataDir);
  if (file.length > MAX_SOCKET_PATH) {
    throw new Error(`Der Socket-Pfad ${file} ist zu lang (höchstens ${MAX_SOCKET_PATH} Zeichen); wähle ein kürzeres DATA_DIR.`);
  }
  // The caller holds the directory's lock, so a socket file left here belongs to a process that is gone.
  await rm(file, { force: true });

  const connections = new Map<number, { handler: PGLiteSocketHandler; socket: Socket }>();
  const endConnection = (handlerId: number, lastMessage: Uint8Array) => {
    const connection = connections.get(handlerId);
    if (!connection) return;
    const { handler, socket } = connection;
    // The tool reads why, then the connection closes; its turn ends at once (rolled back and reset).
    socket.end(lastMessage);
    setTimeout(() => socket.destroy(), 1_000).unref();
    handler.detach(false).catch(onError);
    // detach took the socket's listeners, `forget` among them.
    handlers.delete(handler);
    sockets.delete(socket);
    connections.delete(handlerId);
  };
  const sessions = new ExclusiveSessions(pglite, onError, endConnection);
  // pglite-socket types its queue as its own class; ours offers the same three methods.
  const queryQueue = sessions as unknown as PGLiteSocketHandlerOptions["queryQueue"];
  const handlers = new Set<PGLiteSocketHandler>();
  const sockets = new Set<Socket>();

  const server: Server = createServer((socket) => {
    if (handlers.size >= MAX_CONNECTIONS) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    const handler = new PGLiteSocketHandler({ queryQueue, closeOnDetach: true, idleTimeout: SOCKET_IDLE_TIMEOUT_MS });
    handlers.add(handler);
    connections.set(handler.handlerId, { handler, socket });
    const forget = () => {
      handlers.delete(handler);
      sockets.delete(socket);
      connections.delete(handler.handlerId);
    };
    handler.addEventListener("close", forget);
    handler.addEventListener("error", forget);
    socket.once("close", forget);
    handler.attach(socket).catch((error: unknown) => {
      forget();
      socket.destroy();
      onError(error);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // The socket file is created by bind: a umask of 077 makes it 0600 from the first moment.
    const umask = process.umask(0o077);
    try {
      server.listen(file, () => {
        server.off("error", reject);
        resolve();
      });
    } finally {
      process.umask(umask);
    }
  });
  await chmod(file, 0o600);
  server.on("error", onError);

  let stopped = false;
  return {
    path: file,
    async stop() {
      if (stopped) return;
      stopped = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([...handlers].map((handler) => handler.detach(true)));
      for (const socket of sockets) socket.destroy();
      await closed;
      await rm(file, { force: true });
    },
  };
}
