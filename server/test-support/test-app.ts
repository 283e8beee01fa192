/** Builds the real app for `app.inject` on a test database, reading every log line it writes. */
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp, loggerOptions } from "../app";
import { loadConfig, type Config } from "../config";
import type { TestDatabase } from "./databases";

export const TEST_CONSENT = {
  consentText: "2026-11-21",
  privacyStatement: "datenschutz-test-3",
  newslettersPerMonth: 2,
} as const;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Every log line written so far (JSON). */
  logs: string[];
  close(): Promise<void>;
}

export async function buildTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  publicDir?: string,
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: database.config.dataDir,
    DATABASE_URL: database.config.databaseUrl,
    PUBLIC_DIR: publicDir ?? database.config.dataDir,
    RATE_LIMIT_MAX: "100000",
    // No Gatsby build in the background of a test that opens „Inhalte“.
    PREVIEW_WARMUP: "false",
    // Previews of the test's own (each app prunes the previews of people it does not know).
    PREVIEWS_DIR: path.join(env.DATA_DIR ?? database.config.dataDir, "previews"),
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    config,
    db: database.db,
    consentVersions: TEST_CONSENT,
    logger: loggerOptions("info", stream),
  });
  return { app, config, logs, close: () => app.close() };
}

export function postJson(
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}
