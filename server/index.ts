/**
 * Starts the server: checks the environment, builds the site if needed, opens and migrates the
 * database, listens on PORT. SIGTERM/SIGINT finish open requests and close the database cleanly.
 */
import { existsSync } from "node:fs";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { buildSite, siteNeedsBuild } from "./site-build";

async function main(): Promise<void> {
  const config = loadConfig();

  if (config.buildOnStart && (await siteNeedsBuild(process.cwd(), config.publicDir))) {
    console.log("public/ fehlt oder ist älter als die Quellen: baue die Seite (gatsby build) …");
    try {
      await buildSite(process.cwd(), config.publicDir);
    } catch (error) {
      if (!existsSync(config.publicDir)) throw error;
      console.error(`${(error as Error).message}; ich liefere den vorhandenen Stand aus public/ aus.`);
    }
  }

  const app = await buildApp({ config });
  let closing = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, "shutting down");
      // Requests in flight get a while to finish; a connection that hangs must not block the stop.
      setTimeout(() => {
        app.log.error("shutdown took longer than 10 s, exiting");
        process.exit(1);
      }, 10_000).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // A configuration mistake is the operator's to fix: the message alone says what, no stack needed.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
