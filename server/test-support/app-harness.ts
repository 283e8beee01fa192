/**
 * Runs a test body once on PGlite and once on PostgreSQL, and builds the real app for it with the
 * outbox worker polling fast and short back-off, so retries happen within a test's patience.
 */
import type { TestContext } from "node:test";
import { test } from "node:test";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import path from "node:path";
import type { SiteSettings } from "../../common/content/read-content";
import { buildApp, loggerOptions } from "../app";
import { loadMailContext } from "../mail/context";
import { loadConfig, type Config, type MailConfig } from "../config";
import { emptyPgliteDatabase, emptyPostgresDatabase, postgresSkipReason, type EmptyDatabase } from "./databases";

export const FAST_MAIL: Partial<MailConfig> = { pollMs: 20, retryBaseMs: 50, retryMaxMs: 400, leaseMs: 5_000 };

export function testConfig(database: EmptyDatabase, env: Record<string, string> = {}, mail: Partial<MailConfig> = {}): Config {
  const config = loadConfig({
    ...database.env,
    BUILD_ON_START: "false",
    RATE_LIMIT_MAX: "1000000",
    LOG_LEVEL: "info",
    ...env,
  });
  return { ...config, mail: { ...config.mail, ...FAST_MAIL, ...mail } };
}

/** Every log line the app writes, as parsed JSON. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly text: string[] = [];
  override _write(chunk: Buffer, _encoding: string, callback: () => void): void {
    for (const line of chunk.toString("utf8").split("\n").filter(Boolean)) {
      this.text.push(line);
      this.lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  }
}

/** The real app; `site` changes settings of content/site.json for this app only (e.g. ownerNotification). */
export async function startApp(config: Config, log = new LogCapture(), site?: Partial<SiteSettings>): Promise<FastifyInstance> {
  const base = site && loadMailContext(path.resolve("content"), config.siteUrl);
  const mail = base ? { mail: { context: { ...base, site: { ...base.site, ...site } } } } : {};
  const app = await buildApp({ config, logger: loggerOptions(config.logLevel, log), ...mail });
  await app.ready();
  return app;
}

/** The body once on a fresh PGlite folder, once on a fresh PostgreSQL database (skipped as databaseTargets says). */
export function onBothDrivers(label: string, body: (t: TestContext, database: EmptyDatabase) => Promise<void>): void {
  for (const [name, create, skip] of [
    ["PGlite", emptyPgliteDatabase, false],
    ["PostgreSQL", emptyPostgresDatabase, postgresSkipReason()],
  ] as const) {
    test(`${label} (${name})`, { skip }, async (t) => {
      const database = await create();
      try {
        await body(t, database);
      } finally {
        await database.drop();
      }
    });
  }
}

export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Waits until the outbox has nothing left to send now (every due row sent, cancelled or given up); the
 * plan mails scheduled for later mornings stay pending.
 */
export function outboxSettled(app: FastifyInstance, timeoutMs = 10_000): Promise<void> {
  return waitUntil(
    async () => {
      const { rows } = await app.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'pending' AND (due_at IS NULL OR due_at <= now())",
      );
      return rows[0]!.n === 0;
    },
    "an empty outbox",
    timeoutMs,
  );
}

/** The path and query of a link in a mail (or of a path as it is), to replay through `app.inject`. */
export function pathOf(url: string): string {
  const parsed = new URL(url, "http://localhost");
  return `${parsed.pathname}${parsed.search}`;
}

export function linkIn(text: string, pathPrefix: string): string {
  const match = new RegExp(`https?://[^\\s)"<>]+${pathPrefix.replace(/[?]/g, "\\?")}[^\\s)"<>]*`).exec(text);
  if (!match) throw new Error(`no link to ${pathPrefix} in:\n${text}`);
  return match[0];
}

/** The token a link page's form carries, as the server filled it into the page. */
export function tokenInPage(html: string): string {
  const match = /<input type="hidden" name="token" value="([A-Za-z0-9_-]{43})"\/?>/.exec(html);
  if (!match) throw new Error(`no token field in the page:\n${html.slice(0, 2000)}`);
  return match[1]!;
}

/**
 * What a person does with a link from a mail: open it (GET, redirected to the page with the button), then
 * press the button (a form post of the page's token). Returns where the post leads.
 */
export async function clickThrough(app: FastifyInstance, link: string): Promise<string | undefined> {
  const opened = await app.inject({ method: "GET", url: pathOf(link) });
  if (opened.statusCode !== 303) throw new Error(`GET ${pathOf(link)}: ${opened.statusCode}`);
  const location = String(opened.headers.location);
  if (!location.includes("?token=")) return location;
  const page = await app.inject({ method: "GET", url: location });
  if (page.statusCode !== 200) throw new Error(`GET ${location}: ${page.statusCode}`);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`no form on ${location}`);
  const posted = await app.inject({
    method: "POST",
    url: action,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ token: tokenInPage(page.body) }).toString(),
  });
  return posted.headers.location as string | undefined;
}
