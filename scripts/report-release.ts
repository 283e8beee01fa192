/**
 * Tells the server that pushed a commit of „Inhalte“ what became of its release (POST /api/release-status),
 * signed with RELEASE_STATUS_SECRET following Standard Webhooks; .github/workflows/site.yml runs it at the
 * start of a release and at its end:
 *
 *   tsx scripts/report-release.ts building|live|failed [--reason STEP] [--url URL] [--commit SHA]
 *
 * The commit is GITHUB_SHA unless --commit names one; the server is RELEASE_STATUS_ORIGIN (the site's address).
 * Without RELEASE_STATUS_SECRET it says so in one line and sends nothing. A commit the server did not push (a
 * change made in the repository itself) is a note, not an error; any other refusal ends with exit code 1.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { Webhook } from "standardwebhooks";
import { API_PATHS } from "../common/routes";
import type { ReleaseReport } from "../common/release-report";

const STATES = ["building", "live", "failed"] as const;

async function sendReport(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { reason: { type: "string" }, url: { type: "string" }, commit: { type: "string" } },
  });
  const state = positionals[0] as ReleaseReport["state"];
  if (!STATES.includes(state)) {
    console.error(`Aufruf: tsx scripts/report-release.ts ${STATES.join("|")} [--reason STEP] [--url URL] [--commit SHA]`);
    return 2;
  }
  const secret = env.RELEASE_STATUS_SECRET;
  if (!secret) {
    console.log("RELEASE_STATUS_SECRET ist nicht gesetzt: keine Meldung an den Server.");
    return 0;
  }
  const origin = env.RELEASE_STATUS_ORIGIN;
  const commit = values.commit ?? env.GITHUB_SHA;
  if (!origin || !commit) {
    console.error("RELEASE_STATUS_ORIGIN (die Adresse der Website) und GITHUB_SHA oder --commit werden gebraucht.");
    return 1;
  }
  const report: ReleaseReport = {
    commit,
    state,
    ...(values.reason ? { reason: values.reason } : {}),
    ...(values.url ? { url: values.url } : {}),
  };
  const body = JSON.stringify(report);
  const webhook = new Webhook(secret);
  const address = new URL(API_PATHS.releaseStatus, origin).href;
  let last = "";
  // A server that is restarting or a lost connection gets two more tries, each a report of its own.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const id = `msg_${randomUUID()}`;
    const now = new Date();
    try {
      const response = await fetch(address, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
          "webhook-signature": webhook.sign(id, now, body),
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (response.ok) {
        console.log(`Gemeldet: ${commit.slice(0, 7)} ${state}.`);
        return 0;
      }
      if (response.status === 422) {
        console.log(`Nicht über „Inhalte“ veröffentlicht, keine Meldung nötig: ${commit.slice(0, 7)}.`);
        return 0;
      }
      last = `${response.status} ${text}`;
      if (response.status < 500) break;
    } catch (error) {
      last = (error as Error).message;
    }
    if (attempt < 3) await new Promise((resolve) => setTimeout(resolve, 2_000 * attempt));
  }
  console.error(`Die Meldung an ${address} wurde nicht angenommen: ${last}`);
  return 1;
}

if (require.main === module)
  sendReport(process.argv.slice(2), process.env).then(
    (code) => (process.exitCode = code),
    (error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    },
  );
