/**
 * Experimente: each experiment of the live build with its results per variant (server/experiments/report.ts),
 * and its ending: „Beenden“ keeps the original, „Gewinner übernehmen“ writes the winning text into the page
 * (server/experiments/ending.ts), each a commit in the owners' name, published like a change in „Inhalte“.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OWNER_API } from "../../../common/owner/api";
import { valueAt } from "../../../common/experiments/field-path";
import { pageFileOf } from "../../../common/experiments/experiment-problems";
import { CONTENT_DIR } from "../../content-editor/content-files";
import { deployPublished } from "../../content-editor/publishing";
import { GitError } from "../../content-editor/work-tree";
import { endExperiment } from "../../experiments/ending";
import { experimentReports } from "../../experiments/report";
import { audit } from "../../services/audit-log";
import { sendError } from "../../http/errors";
import { experimentMissing, OWNER_MESSAGES } from "./messages";
import { ownerRoute } from "./route";

const ID = /^[a-z0-9][a-z0-9-]{1,39}$/;

export default async function experimentRoutes(app: FastifyInstance): Promise<void> {
  const route = ownerRoute(app);
  const { remote, workTree } = app.config.contentGit;
  const tree = app.contentTree;

  const originalOf = async (page: string, field: string): Promise<string> => {
    const file = pageFileOf(page);
    if (!file) return "";
    const text = await readFile(path.join(workTree, CONTENT_DIR, file), "utf8").catch(() => "null");
    const value = valueAt(JSON.parse(text), field);
    return typeof value === "string" ? value : "";
  };

  route(OWNER_API.experiments, async () => {
    const reports = await experimentReports(app.db, await app.experiments.list(), app.experiments.today());
    // The original as the content stands now (the work tree follows the remote, like „Inhalte“).
    await tree.exclusive(() => tree.sync());
    const experiments = [];
    for (const report of reports) experiments.push({ ...report, original: await originalOf(report.page, report.field) });
    return { experiments };
  });

  const end = async (request: FastifyRequest, reply: FastifyReply, winner?: "B" | "C") => {
    const id = (request.params as { id?: string }).id ?? "";
    if (!ID.test(id)) return sendError(request, reply, { status: 404, message: experimentMissing(id) });
    try {
      const ended = await endExperiment(tree, workTree, id, winner);
      if (!ended.ok) return sendError(request, reply, { status: ended.status, message: ended.message });
      await audit(
        app.db,
        request.owner!.email,
        winner ? "experiment-adopted" : "experiment-ended",
        `${id} @ ${ended.commit.slice(0, 7)}`,
      );
      if (!remote)
        void deployPublished(workTree, app.log, {
          db: app.db,
          commit: ended.commit,
          command: app.config.contentGit.deployCommand,
        });
      return {
        message: `${ended.message}. ${OWNER_MESSAGES.experimentRebuilding}`,
        commit: ended.commit,
      };
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      app.log.error({ git: error.args[0], output: error.output }, "experiment not ended");
      return sendError(request, reply, { status: 503, message: OWNER_MESSAGES.contentRepositoryDown });
    }
  };

  route(OWNER_API.endExperiment, (request, reply) => end(request, reply));
  route(OWNER_API.adoptWinner, (request, reply) => end(request, reply, request.body.variant));
}
