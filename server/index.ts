/**
 * Starts the server: checks the environment, builds the site if needed, opens and migrates the
 * database, listens on PORT. SIGTERM/SIGINT finish open requests and close the database cleanly
 * (shutdown.ts).
 * With RELEASES_DIR the server serves the live release instead and follows deploys (release/live-site.ts);
 * started by a handover it takes the port from the process before it (release/handover.ts).
 * With PGlite the database is also served on a Unix socket in DATA_DIR, so `npm run leads` and
 * backups work while the site runs.
 */
import type { FastifyInstance } from "fastify";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildApp } from "./app";
import { checkProduction, ConfigError, loadConfig, StartupError } from "./config";
import { openDb } from "./db";
import { keepPrivate } from "./db/private-files";
import { loggableError } from "./http/errors";
import { handOver, handoverFromParent } from "./release/handover";
import { followReleases, startingRelease } from "./release/live-site";
import { recordedRelease } from "./release/recorded";
import { ReleaseError, publicDirOf, releaseDir, type ReleaseInfo } from "./release/releases";
import { stopOnSignals } from "./shutdown";
import { buildSite, siteNeedsBuild } from "./site-build";
import { SiteFiles } from "./static/site-files";

async function main(): Promise<void> {
  const config = loadConfig();
  const handover = handoverFromParent();
  const { releasesDir } = config;
  const release: ReleaseInfo | undefined = releasesDir
    ? startingRelease(releasesDir, (message) => console.warn(message))
    : undefined;
  const site = new SiteFiles(releasesDir && release ? publicDirOf(releasesDir, release.id) : config.publicDir);
  const contentDir = releasesDir && release ? path.join(releaseDir(releasesDir, release.id), "content") : undefined;
  // Before anything is built or opened: a production start with settings the privacy texts contradict stops here.
  checkProduction(config, contentDir ?? path.resolve("content"));

  if (!release && config.buildOnStart && (await siteNeedsBuild(process.cwd(), config.publicDir))) {
    console.log("public/ fehlt oder ist älter als die Quellen: baue die Seite (npm run build) …");
    try {
      await buildSite(process.cwd(), config.publicDir);
    } catch (error) {
      if (!existsSync(config.publicDir)) throw error;
      console.error(`${(error as Error).message}; ich liefere den vorhandenen Stand aus public/ aus.`);
    }
  }

  if (handover && !config.databaseUrl) {
    handover.ready();
    await handover.databaseFree();
  }
  // Before the database opens: DATA_DIR and all under it for this user only, also when an older start left it open.
  const closedModes = await keepPrivate(config.dataDir);
  // Opened here rather than in buildApp, so the socket is served only by the real server, not by tests.
  let app: FastifyInstance | undefined;
  const db = await openDb(config, {
    onIdleError: (err) => app?.log.error({ err: loggableError(err) }, "database connection lost"),
    serveLocally: (err) =>
      app ? app.log.error({ err: loggableError(err as Error) }, "database socket failed") : console.error((err as Error).message),
  });
  try {
    app = await buildApp({ config, db, site, contentDir });
  } catch (error) {
    await db.close();
    throw error;
  }
  const server = app;
  if (closedModes > 0)
    server.log.warn({ dataDir: config.dataDir, closed: closedModes }, "data folder was open to other users: closed to 0700/0600");
  stopOnSignals(server, () => db.close());
  if (handover) {
    if (config.databaseUrl) handover.ready();
    await handover.listen(server);
  } else {
    await server.listen({ port: config.port, host: config.host });
  }
  if (releasesDir && release) {
    followReleases({
      site,
      releasesDir,
      started: release,
      log: server.log,
      recorded: config.databaseUrl ? () => recordedRelease(db) : undefined,
      onServerChange: (next) =>
        handOver({
          app: server,
          closeDatabase: () => db.close(),
          releasesDir,
          release: next,
          exclusiveDatabase: !config.databaseUrl,
        }),
    });
  }
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: the message alone says what, no stack needed.
  console.error(
    error instanceof ConfigError || error instanceof StartupError || error instanceof ReleaseError ? error.message : error,
  );
  process.exit(1);
});
