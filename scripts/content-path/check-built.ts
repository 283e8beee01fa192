/**
 * The check of the built pages before a content-only change goes live: the release's own server (its
 * server.mjs, an empty database of its own) answers every route and every built page with 200 and a
 * missing path with 404, each page still fits its document budget (rig/audit/budgets.ts), and every
 * text a changed file brought appears on a page.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { ALL_ROUTES } from "../../common/routes";
import { publicDirOf } from "../../server/release/releases";
import { startReleaseServer, stopReleaseServers } from "../../server/test-support/release-server";
import { NOT_FOUND_PATH, documentBudgetBytes } from "../../rig/audit/budgets";
import type { ContentChange } from "./changes";
import { pageTexts, whereShown, type ShownChange } from "./pages";

const SERVER_FILLED = new Set(ALL_ROUTES.filter((route) => route.kind === "mail-landing").map((route) => route.path));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Status line, headers and body as they go over the wire (the audit's "Seite mit Kopfzeilen"). */
function answerBytes(response: Response, body: ArrayBuffer): number {
  // fetch hands over the body decoded; the length the server sent is the compressed one.
  const sent = Number(response.headers.get("content-length") ?? body.byteLength);
  let bytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n`.length + 2;
  response.headers.forEach((value, name) => (bytes += Buffer.byteLength(`${name}: ${value}\r\n`)));
  return bytes + sent;
}

export interface BuiltCheck {
  problems: string[];
  shown: ShownChange[];
  pagesChecked: number;
}

export async function checkBuiltRelease(options: {
  projectDir: string;
  releasesDir: string;
  releaseId: string;
  changes: readonly ContentChange[];
}): Promise<BuiltCheck> {
  const { projectDir, releasesDir, releaseId, changes } = options;
  const problems: string[] = [];
  const publicDir = publicDirOf(releasesDir, releaseId);
  const texts = pageTexts(publicDir);
  const pages = [
    ...new Set([...ALL_ROUTES.filter((route) => route.kind !== "owner").map((route) => route.path), ...texts.keys()]),
  ];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "urkraft-content-check-"));
  try {
    const server = await startReleaseServer({
      releasesDir,
      cwd: projectDir,
      port: await freePort(),
      env: { DATA_DIR: dataDir, SITE_URL: "", DATABASE_URL: "" },
    });
    for (const page of [...pages, NOT_FOUND_PATH]) {
      const response = await fetch(`${server.origin}${page}`, { headers: { "accept-encoding": "br" }, redirect: "manual" });
      const body = await response.arrayBuffer();
      const expected = page === NOT_FOUND_PATH ? 404 : 200;
      if (response.status !== expected) {
        problems.push(`${page}: Status ${response.status} statt ${expected}`);
        continue;
      }
      // The pages a mail's link opens are filled in by the server for each link (routes/token-pages.ts).
      if (page === NOT_FOUND_PATH || SERVER_FILLED.has(page)) continue;
      const bytes = answerBytes(response, body);
      const budget = documentBudgetBytes(page);
      if (bytes > budget)
        problems.push(
          `${page}: Seite ${bytes} B mit Kopfzeilen, komprimiert > ${budget} B (erster Flug): Text auf der Seite kürzen`,
        );
    }
  } finally {
    await stopReleaseServers(releasesDir);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const shown = whereShown(changes, texts);
  for (const change of shown) {
    for (const text of change.missing) problems.push(`${change.file}: der Text „${text}“ steht auf keiner gebauten Seite`);
  }
  return { problems, shown, pagesChecked: pages.length };
}
