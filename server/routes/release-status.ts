/**
 * POST /api/release-status: the workflow that builds the content repository (.github/workflows/site.yml,
 * scripts/report-release.ts) reports what became of a commit „Inhalte“ pushed, signed following Standard
 * Webhooks with RELEASE_STATUS_SECRET. Refused: no or a wrong signature, a timestamp more than five minutes
 * off, a report that came before (its webhook-id), a commit this server did not push, a body over 2 KB. An
 * accepted report is the change's release state, as the editor reads it beside the file. Without the secret
 * the route does not exist.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { Value } from "typebox/value";
import { API_PATHS } from "../../common/routes";
import { ReleaseReport, RELEASE_FAILURE_STEPS, RELEASE_REPORT_LIMIT } from "../../common/release-report";
import { errorHandler, sendError } from "../http/errors";
import { firstReport, publishedHere, releaseOf, reportRelease } from "../content-editor/release-state";

export const RELEASE_STATUS_MESSAGES = {
  unsigned:
    "Diese Meldung ist nicht gültig signiert oder ihr Zeitstempel liegt mehr als fünf Minuten daneben. Prüf RELEASE_STATUS_SECRET im Workflow und auf dem Server.",
  replayed: "Diese Meldung ist schon einmal angekommen und zählt nur einmal.",
  invalid:
    "Die Meldung braucht commit (40 Hex-Zeichen), state (building, live oder failed) und darf sonst nur reason und url enthalten.",
  unknownCommit: "Diesen Stand hat „Inhalte“ auf diesem Server nicht veröffentlicht; seine Meldung wird nicht gebraucht.",
  tooLarge: `Die Meldung ist zu groß (höchstens ${RELEASE_REPORT_LIMIT / 1024}\u00a0KB).`,
} as const;

export default async function releaseStatusRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.config.releaseStatusSecret;
  if (secret === undefined) return;
  const webhook = new Webhook(secret);

  // The signature covers the body as sent: it is read as text and parsed only once it is verified.
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: RELEASE_REPORT_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error: FastifyError, request, reply) =>
    error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
      ? sendError(request, reply, { status: 413, message: RELEASE_STATUS_MESSAGES.tooLarge })
      : errorHandler(error, request, reply),
  );

  app.post<{ Body: string }>(API_PATHS.releaseStatus, { bodyLimit: RELEASE_REPORT_LIMIT }, async (request, reply) => {
    const refuse = (status: number, message: string, why: string) => {
      request.log.warn({ statusCode: status }, `release report refused: ${why}`);
      return sendError(request, reply, { status, message });
    };
    let report: unknown;
    try {
      report = webhook.verify(request.body, request.headers as Record<string, string>);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      return refuse(401, RELEASE_STATUS_MESSAGES.unsigned, error.message);
    }
    if (!Value.Check(ReleaseReport, report)) return refuse(400, RELEASE_STATUS_MESSAGES.invalid, "not a report");
    if (!(await firstReport(app.db, String(request.headers["webhook-id"]))))
      return refuse(409, RELEASE_STATUS_MESSAGES.replayed, "replayed");
    if (!(await publishedHere(app.db, report.commit)))
      return refuse(422, RELEASE_STATUS_MESSAGES.unknownCommit, "commit not pushed by this server");
    if (report.state === "failed" && !(RELEASE_FAILURE_STEPS as readonly string[]).includes(report.reason ?? ""))
      request.log.warn({ commit: report.commit, reason: report.reason }, "release report names no known step");
    await reportRelease(app.db, report);
    request.log.info({ commit: report.commit, state: report.state }, "release report taken");
    return { release: await releaseOf(app.db, report.commit) };
  });
}
