/**
 * Experiments on a page's words, chosen on the server for each view of the page at its own address: the build
 * wrote the page once per variant (common/experiments/variant-pages.ts), and `choose` picks the file to send
 * (assign.ts) and the hidden input that tells the page's form which variant it showed. The answer is made for
 * its request (routes/static.ts): `Cache-Control: private, no-store`, no ETag, no cookie, nothing stored in the
 * browser. Views of people taking part are counted like the visit statistics count: no crawler, prefetch or
 * tool, no owner's own visit (an owner's session cookie), only pages a person's browser asks for to show; sums
 * per day and variant go to the database every minute (jobs.ts) and when the server stops.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FormKind } from "../analytics/counter";
import { dayClock } from "../analytics/day";
import { isBot, isPrefetch } from "../analytics/request-kind";
import { dailySecret } from "../db/daily-secrets";
import { SESSION_COOKIE } from "../services/owner-sessions";
import type { SiteFiles } from "../static/site-files";
import {
  EXPERIMENT_FIELD,
  VARIANT_NAMES,
  VARIANT_SEGMENT,
  readVariantValue,
  variantHtmlFile,
  variantInput,
} from "../../common/experiments/variant-pages";
import { assignVariant } from "./assign";
import { BuiltExperiments, stateOf, type BuiltExperiment } from "./built";
import { ExperimentCounter } from "./counter";
import { recordExperimentLead, writeExperimentCounts } from "./store";

/** What to send for a page with a running experiment. */
export interface VariantChoice {
  /** The variant's HTML file inside the build, or undefined for the page itself (the original or no part). */
  relativePath?: string;
  /** Goes before the page's `</body>`: the variant's hidden input, empty when the view takes no part. */
  insert: Buffer;
}

export interface ExperimentsHandle {
  counter: ExperimentCounter;
  today(): string;
  built: BuiltExperiments;
  /** For a page of the build (`relativePath` of its HTML): the variant to send, undefined when no experiment runs on it. */
  choose(request: FastifyRequest, relativePath: string): Promise<VariantChoice | undefined>;
  /** An accepted, non-spam form post: counts it for the variant its hidden field names, if that experiment runs. */
  post(kind: FormKind, request: FastifyRequest, stored: unknown): Promise<void>;
  /** Adds the counts to the database now (a job does it every minute and on close). */
  write(): Promise<void>;
  /** The experiments of the live build with where each stands today. */
  list(): Promise<(BuiltExperiment & { state: ReturnType<typeof stateOf> })[]>;
}

declare module "fastify" {
  interface FastifyInstance {
    experiments: ExperimentsHandle;
  }
}

/** True for a path inside a variant's folder, which is never answered at its own address. */
export const isVariantPath = (pathname: string): boolean => pathname.includes(`/${VARIANT_SEGMENT}`);

/** The page a page file of the build is: "index.html" → "/", "agb/index.html" → "/agb"; undefined for another file. */
function pageOf(relativePath: string): string | undefined {
  if (relativePath === "index.html") return "/";
  if (!relativePath.endsWith("/index.html")) return undefined;
  return `/${relativePath.slice(0, -"/index.html".length)}`;
}

/** A view the statistics would count: a person's browser asking for the page to show it, not an owner's. */
function countable(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (request.method !== "GET") return false;
  const dest = headers["sec-fetch-dest"];
  if (dest !== undefined && dest !== "document") return false;
  if (isPrefetch(headers) || isBot(headers["user-agent"])) return false;
  return !(headers.cookie ?? "").includes(`${SESSION_COOKIE}=`);
}

export function registerExperiments(app: FastifyInstance, site: SiteFiles, timeZone: string): void {
  const today = dayClock(timeZone);
  const counter = new ExperimentCounter(today);
  const built = new BuiltExperiments();
  const secret = dailySecret(app.db);
  const log = app.log.child({ module: "experiments" });
  const empty = Buffer.alloc(0);

  let writing: Promise<void> | undefined;
  const write = async () => {
    while (writing) await writing;
    const batch = counter.take();
    if (batch.length === 0) return;
    writing = writeExperimentCounts(app.db, batch).then(
      () => undefined,
      (error: Error) => {
        counter.restore(batch);
        log.error({ reason: error.message }, "experiment counts not written, kept for the next write");
      },
    );
    await writing;
    writing = undefined;
  };

  app.decorate("experiments", {
    counter,
    today,
    built,
    write,
    async choose(request, relativePath) {
      const page = pageOf(relativePath);
      if (page === undefined) return undefined;
      const experiment = await built.runningOn(site.publicDir, page, today());
      if (!experiment) return undefined;
      const variant = assignVariant(
        {
          secret: await secret(),
          day: today(),
          address: request.ip,
          userAgent: request.headers["user-agent"] ?? "",
          experiment: experiment.id,
        },
        experiment.share,
        experiment.variants.length + 1,
      );
      if (variant === null) return { insert: empty };
      if (countable(request)) counter.view(experiment.id, variant);
      return {
        relativePath: variant === "A" ? undefined : variantHtmlFile(page, variant),
        insert: Buffer.from(variantInput(experiment.id, variant), "utf8"),
      };
    },
    async post(kind, request, stored) {
      const body = request.body;
      const field = body && typeof body === "object" ? (body as Record<string, unknown>)[EXPERIMENT_FIELD] : undefined;
      const named = readVariantValue(field);
      if (!named) return;
      const experiment = (await built.all(site.publicDir)).find(
        (entry) => entry.id === named.experiment && stateOf(entry, today()) === "läuft",
      );
      if (!experiment || VARIANT_NAMES.indexOf(named.variant as "A") > experiment.variants.length) return;
      counter.post(kind, named.experiment, named.variant);
      const lead = stored as { id?: unknown; status?: unknown } | undefined;
      if (kind === "lead" && typeof lead?.id === "number" && lead.status === "pending")
        await recordExperimentLead(app.db, lead.id, named.experiment, named.variant);
    },
    async list() {
      const day = today();
      return (await built.all(site.publicDir)).map((experiment) => ({ ...experiment, state: stateOf(experiment, day) }));
    },
  });
}
