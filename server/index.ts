/**
 * Starts the server: checks the environment, builds the site if needed, opens and migrates the
 * database, listens on PORT. SIGTERM/SIGINT finish open requests and close the database cleanly
 * (shutdown.ts).
 * With PGlite the database is also served on a Unix socket in DATA_DIR, so `npm run leads` and
 * backups work while the site runs.
 */
import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { checkProduction, ConfigError, loadConfig, StartupError } from "./config";
import { openDb } from "./db";
import { loggableError } from "./http/errors";
import { stopOnSignals } from "./shutdown";
import { buildSite, siteNeedsBuild } from "./site-build";

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything is built or opened: a production start with settings the privacy texts contradict stops here.
  checkProduction(config, path.resolve("content"));

  if (config.buildOnStart && (await siteNeedsBuild(process.cwd(), config.publicDir))) {
    console.log("public/ fehlt oder ist älter als die Quellen: baue die Seite (npm run build) …");
    try {
      await buildSite(process.cwd(), config.publicDir);
    } catch (error) {
      if (!existsSync(config.publicDir)) throw error;
      console.error(`${(error as Error).message}; ich liefere den vorhandenen Stand aus public/ aus.`);
    }
  }

  // Opened here rather than in buildApp, so the socket is served only by the real server, not by tests.
  let app: FastifyInstance | undefined;
  const db = await openDb(config, {
    onIdleError: (err) => app?.log.error({ err: loggableError(err) }, "database connection lost"),
    serveLocally: (err) =>
      app ? app.log.error({ err: loggableError(err as Error) }, "database socket failed") : console.error((err as Error).message),
  });
  try {
    app = await buildApp({ config, db });
  } catch (error) {
    await db.close();
    throw error;
  }
  const server = app;
  stopOnSignals(server, () => db.close());
  await server.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: the message alone says what, no stack needed.
  console.error(error instanceof ConfigError || error instanceof StartupError ? error.message : error);
  process.exit(1);
});
