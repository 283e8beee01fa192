/**
 * `npm run start:release`: serves the live release, `<RELEASES_DIR>/current/server.mjs`, in this process (the node
 * flags of the npm script apply to it). Before the first deploy there is none: say in German what to run first
 * instead of Node's "Cannot find module" stack trace.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const releasesDir = process.env.RELEASES_DIR || "releases";
const server = path.resolve(releasesDir, "current", "server.mjs");

if (!existsSync(server)) {
  console.error(
    [
      `Es ist noch keine Release live: ${path.join(releasesDir, "current", "server.mjs")} fehlt.`,
      "Lege zuerst eine an mit „npm run deploy“ (prüft die Inhalte, baut Seite und Server und macht die Release live),",
      "dann starte „npm run start:release“ noch einmal. Zum Ausprobieren ohne Release genügt „npm start“.",
    ].join("\n"),
  );
  process.exit(1);
}

await import(pathToFileURL(server).href);
