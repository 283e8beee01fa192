/**
 * How the server stops on SIGTERM or SIGINT: it takes no new connections, lets the requests in flight
 * finish, and closes the database once no request needs it any more. A connection that still hangs after
 * SHUTDOWN_GRACE_MS (a client that sent half a request and went quiet, a download it stopped reading) is
 * closed, so it cannot hold the database open; should anything else hang, the process exits with 1 after
 * SHUTDOWN_LIMIT_MS. A handover to a new server process (release/handover.ts) drains the same way.
 */
import type { FastifyInstance } from "fastify";

export const SHUTDOWN_GRACE_MS = 5_000;
export const SHUTDOWN_LIMIT_MS = 10_000;

/** Stops taking connections, lets the requests in flight finish (at most the grace period), closes the database. */
export function drain(server: FastifyInstance, closeDatabase: () => Promise<void>): Promise<void> {
  setTimeout(() => {
    server.log.error(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s, exiting`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  setTimeout(() => {
    server.log.warn("closing connections still open after the grace period");
    server.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS).unref();
  // The database (and its socket) closes after the app, once no request needs it any more.
  return server.close().then(closeDatabase);
}

export function stopOnSignals(server: FastifyInstance, closeDatabase: () => Promise<void>): void {
  let closing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      server.log.info({ signal }, "shutting down");
      drain(server, closeDatabase).then(
        () => process.exit(0),
        (error: unknown) => {
          server.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
