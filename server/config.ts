/**
 * The server's settings, read from the environment once at start. A bad value stops the start with a
 * message that names the variable, rather than surfacing later as a confusing runtime error.
 */
import { isIP } from "node:net";
import path from "node:path";
import { PURGE_INTERVAL_HOURS } from "../common/constants";
import { EMAIL_PATTERN } from "../common/forms/schemas";
import { deploymentProblems } from "../common/content/editorial-checks";
import { evidenceProblems } from "../common/content/evidence";
import { readSiteSettings, type SiteSettings } from "../common/content/read-content";
import { previewsDirFrom } from "./release/previews";

export interface RateLimitConfig {
  /** Submissions allowed per client IP and form within one window. */
  max: number;
  windowMs: number;
}

export interface MailConfig {
  /** smtp:// or smtps:// address of the mail server; without it mails are written as .eml files to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** Run the outbox worker (and the daily retention purge) in this process. */
  worker: boolean;
  pollMs: number;
  /** First retry after this long, doubling per attempt up to `retryMaxMs`; `failed` after `maxAttempts`. */
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** How long a claimed mail stays reserved for the worker sending it (longer than any SMTP timeout). */
  leaseMs: number;
  batchSize: number;
  /** Mails sent at the same time, each over its own kept-open SMTP connection. */
  concurrency: number;
  purgeIntervalMs: number;
  /** How often the worker looks for contact requests that need a reply reminder. */
  reminderIntervalMs: number;
  /** MAIL_RATE: mails per minute and per day for all instances together; unset: no limit. */
  rate?: { perMinute: number; perDay: number };
}

export interface WebhookConfig {
  /** Endpoints from WEBHOOK_URLS (https, or http for loopback); empty: no webhooks. */
  urls: string[];
  /** `whsec_…` signing secret (Standard Webhooks); set whenever `urls` is not empty. */
  secret: string | undefined;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** Retries stop this long after the event was queued. */
  retryForMs: number;
  /** A receiver has this long to answer, body included. */
  timeoutMs: number;
  /** How long a claimed delivery stays reserved (covers a batch of timed-out attempts per lane). */
  leaseMs: number;
  batchSize: number;
  concurrency: number;
}

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; without it the server uses PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  publicDir: string;
  /** RELEASES_DIR: serve the live release from this folder (see `npm run deploy`) instead of `publicDir`. */
  releasesDir: string | undefined;
  /** PREVIEWS_DIR, else previews/ inside the releases folder: the previews served under /vorschau/. */
  previewsDir: string;
  /** Passed to Fastify's `trustProxy`: false, true, a hop count or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  rateLimit: RateLimitConfig;
  /**
   * The stricter limit for form posts without a solved proof of work (a browser without JavaScript, or a bot):
   * RATE_LIMIT_UNSOLVED (a fifth of RATE_LIMIT_MAX, at least 1) per visitor address and form within ten
   * windows, counted on top of `rateLimit`.
   */
  unsolvedRateLimit: RateLimitConfig;
  /** The public address, e.g. https://www.urkraft.de; its origin is accepted for form posts. */
  siteUrl: string | undefined;
  logLevel: string;
  /** Build the Gatsby site on start when `public/` is missing or older than its sources. */
  buildOnStart: boolean;
  mail: MailConfig;
  /** Who may enter the owner area (OWNER_EMAILS), lower case; empty: the owner area answers 404. */
  ownerEmails: string[];
  /**
   * Who may change the site's texts (EDITOR_EMAILS), lower case: they log in like owners and see only
   * „Inhalte“ (and their own passkeys); every other owner route answers them 403. Never an owner's address.
   */
  editorEmails: string[];
  /** Login requests (links, passkeys) per client address in 15 minutes. */
  ownerLoginLimit: number;
  webhooks: WebhookConfig;
  /**
   * Where „Inhalte“ commits: CONTENT_GIT_REMOTE (a git address; its credentials stay on the server) and
   * CONTENT_GIT_BRANCH (default main), worked in a clone under DATA_DIR; without a remote, the project's own
   * checkout (the folder the server runs in), whose commits the server deploys itself.
   */
  /** `deployCommand`: how a server without CONTENT_GIT_REMOTE deploys a published change (CONTENT_DEPLOY_COMMAND). */
  contentGit: { remote: string | undefined; branch: string; workTree: string; deployCommand: string };
  /**
   * RELEASE_STATUS_SECRET (`whsec_…`, only with CONTENT_GIT_REMOTE): the key the workflow that builds a pushed
   * commit signs its reports with (POST /api/release-status); unset, the server takes no reports.
   */
  releaseStatusSecret: string | undefined;
  /**
   * PREVIEW_WARMUP (default true): when „Inhalte“ is first opened, build the site once in the previews' build
   * folder in the background, so that the first „Vorschau“ after a start only builds its change.
   */
  previewWarmup: boolean;
  /** Port of the Prometheus listener on 127.0.0.1; unset: no metrics. */
  metricsPort: number | undefined;
  /**
   * Page views and visits counted by the server (server/analytics): VISIT_STATS=false turns counting off;
   * VISIT_STATS_INTERVAL is how often the counts are written (60 s; shorter only for tests).
   */
  visitStats: { enabled: boolean; writeIntervalMs: number };
  /** A request whose headers and body have not all arrived within this long is answered 408 and closed. */
  requestTimeoutMs: number;
}

/** The default of REQUEST_TIMEOUT: a slow or stalled client holds a connection at most this long. */
export const REQUEST_TIMEOUT_MS = 10_000;

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Umgebungsvariable ${variable}: ${problem}`);
    this.name = "ConfigError";
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const rateLimit = {
    max: readInteger(env, "RATE_LIMIT_MAX", 10, 1, Number.MAX_SAFE_INTEGER),
    windowMs: readDuration(env, "RATE_LIMIT_WINDOW", 60_000),
  };
  return {
    port: readInteger(env, "PORT", 9000, 0, 65535),
    host: readString(env, "HOST", "0.0.0.0"),
    databaseUrl: readDatabaseUrl(env),
    dataDir: path.resolve(cwd, readString(env, "DATA_DIR", "data")),
    publicDir: path.resolve(cwd, readString(env, "PUBLIC_DIR", "public")),
    releasesDir: value(env, "RELEASES_DIR") === undefined ? undefined : path.resolve(cwd, readString(env, "RELEASES_DIR", "")),
    previewsDir: previewsDirFrom(env, cwd),
    trustProxy: readTrustProxy(env),
    rateLimit,
    unsolvedRateLimit: {
      max: readInteger(env, "RATE_LIMIT_UNSOLVED", Math.ceil(rateLimit.max / 5), 1, Number.MAX_SAFE_INTEGER),
      windowMs: 10 * rateLimit.windowMs,
    },
    siteUrl: readSiteUrl(env),
    logLevel: readChoice(env, "LOG_LEVEL", "info", LOG_LEVELS),
    buildOnStart: readBoolean(env, "BUILD_ON_START", true),
    mail: {
      smtpUrl: readSmtpUrl(env),
      worker: readBoolean(env, "MAIL_WORKER", true),
      pollMs: readDuration(env, "MAIL_POLL_INTERVAL", 1_000),
      retryBaseMs: readDuration(env, "MAIL_RETRY_BASE", 30_000),
      retryMaxMs: readDuration(env, "MAIL_RETRY_MAX", 3_600_000),
      maxAttempts: readInteger(env, "MAIL_MAX_ATTEMPTS", 30, 1, 1000),
      leaseMs: readDuration(env, "MAIL_LEASE", 5 * 60_000),
      batchSize: 20,
      concurrency: 3,
      purgeIntervalMs: PURGE_INTERVAL_HOURS * 3_600_000,
      reminderIntervalMs: readDuration(env, "MAIL_REMINDER_INTERVAL", 60_000),
      ...readMailRate(env),
    },
    ...readAreaEmails(env),
    ownerLoginLimit: readInteger(env, "OWNER_LOGIN_LIMIT", 20, 1, Number.MAX_SAFE_INTEGER),
    webhooks: readWebhooks(env),
    contentGit: readContentGit(env, cwd),
    releaseStatusSecret: readReleaseStatusSecret(env),
    previewWarmup: readBoolean(env, "PREVIEW_WARMUP", true),
    metricsPort: readMetricsPort(env),
    visitStats: {
      enabled: readBoolean(env, "VISIT_STATS", true),
      writeIntervalMs: readDuration(env, "VISIT_STATS_INTERVAL", 60_000),
    },
    requestTimeoutMs: readDuration(env, "REQUEST_TIMEOUT", REQUEST_TIMEOUT_MS),
  };
}

/**
 * MAIL_RATE="100/min,2000/day": what the mail provider allows, per minute and/or per day (either may be
 * left out); "min"/"minute", "day"/"tag"/"d".
 */
function readMailRate(env: Env): { rate?: { perMinute: number; perDay: number } } {
  const raw = value(env, "MAIL_RATE");
  if (raw === undefined) return {};
  const rate = { perMinute: Number.POSITIVE_INFINITY, perDay: Number.POSITIVE_INFINITY };
  for (const part of raw.split(",").map((entry) => entry.trim().toLowerCase())) {
    const match = /^(\d+)\s*\/\s*(m|min|minute|d|day|tag)$/.exec(part);
    if (!match || Number(match[1]) < 1)
      throw new ConfigError(
        "MAIL_RATE",
        `„${part}“ ist keine Rate wie 100/min oder 2000/day (Beispiel: MAIL_RATE=100/min,2000/day)`,
      );
    if (match[2]!.startsWith("m")) rate.perMinute = Number(match[1]);
    else rate.perDay = Number(match[1]);
  }
  return { rate };
}

function readAreaEmails(env: Env): { ownerEmails: string[]; editorEmails: string[] } {
  const ownerEmails = readEmailList(env, "OWNER_EMAILS");
  const editorEmails = readEmailList(env, "EDITOR_EMAILS");
  const both = editorEmails.find((email) => ownerEmails.includes(email));
  if (both)
    throw new ConfigError(
      "EDITOR_EMAILS",
      `„${both}“ steht schon in OWNER_EMAILS; Inhaber sehen „Inhalte“ ohnehin. Trag die Adresse nur an einer Stelle ein.`,
    );
  return { ownerEmails, editorEmails };
}

function readContentGit(env: Env, cwd: string): Config["contentGit"] {
  const remote = value(env, "CONTENT_GIT_REMOTE");
  const branch = readString(env, "CONTENT_GIT_BRANCH", "main");
  // What `git check-ref-format --branch` would refuse, in short: no spaces, "..", leading "-" or odd characters.
  if (!/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]+$/.test(branch) || branch.endsWith("/") || branch.endsWith(".lock"))
    throw new ConfigError("CONTENT_GIT_BRANCH", `„${branch}“ ist kein gültiger Branch-Name`);
  const dataDir = path.resolve(cwd, readString(env, "DATA_DIR", "data"));
  const deployCommand = readString(env, "CONTENT_DEPLOY_COMMAND", "npm run -s deploy");
  return { remote, branch, workTree: remote ? path.join(dataDir, "content-repo") : cwd, deployCommand };
}

function readReleaseStatusSecret(env: Env): string | undefined {
  const secret = value(env, "RELEASE_STATUS_SECRET");
  if (secret === undefined) return undefined;
  if (value(env, "CONTENT_GIT_REMOTE") === undefined)
    throw new ConfigError(
      "RELEASE_STATUS_SECRET",
      "ist gesetzt, aber CONTENT_GIT_REMOTE nicht: ohne Inhalts-Repository baut der Server selbst und braucht keine Meldungen des Workflows. Lass RELEASE_STATUS_SECRET leer oder setz CONTENT_GIT_REMOTE.",
    );
  checkSigningSecret("RELEASE_STATUS_SECRET", secret);
  return secret;
}

function readEmailList(env: Env, name: string): string[] {
  const raw = value(env, name);
  if (raw === undefined) return [];
  const emails = raw
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const email of emails) {
    if (!EMAIL_PATTERN.test(email)) throw new ConfigError(name, `„${email}“ ist keine E-Mail-Adresse`);
  }
  return [...new Set(emails)];
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === "" ? undefined : raw;
}

function readString(env: Env, name: string, fallback: string): string {
  return value(env, name) ?? fallback;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `„${raw}“ ist keine ganze Zahl`);
  const parsed = Number(raw);
  if (parsed < min || parsed > max) throw new ConfigError(name, `muss zwischen ${min} und ${max} liegen, ist ${raw}`);
  return parsed;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (["1", "true", "yes", "ja"].includes(raw)) return true;
  if (["0", "false", "no", "nein"].includes(raw)) return false;
  throw new ConfigError(name, `„${raw}“ ist weder true noch false`);
}

function readChoice(env: Env, name: string, fallback: string, choices: string[]): string {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!choices.includes(raw)) throw new ConfigError(name, `„${raw}“ ist keiner von ${choices.join(", ")}`);
  return raw;
}

/** Milliseconds as a plain number, or a number with the unit ms, s, m or h ("30s", "1m"). */
function readDuration(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const match = /^(\d+)\s*(ms|s|m|h)?$/.exec(raw);
  if (!match) throw new ConfigError(name, `„${raw}“ ist keine Dauer (Beispiele: 60000, 60s, 1m)`);
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? "ms"] ?? 1;
  const ms = Number(match[1]) * factor;
  if (ms < 1000) throw new ConfigError(name, "muss mindestens eine Sekunde sein");
  return ms;
}

function readDatabaseUrl(env: Env): string | undefined {
  const raw = value(env, "DATABASE_URL");
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("DATABASE_URL", "ist keine gültige Adresse (Beispiel: postgres://user:passwort@host:5432/urkraft)");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new ConfigError("DATABASE_URL", "muss mit postgres:// oder postgresql:// beginnen");
  }
  return raw;
}

function readSiteUrl(env: Env): string | undefined {
  const raw = value(env, "SITE_URL");
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("protocol");
    return url.origin;
  } catch {
    throw new ConfigError("SITE_URL", `„${raw}“ ist keine Adresse wie https://www.urkraft.de`);
  }
}

/**
 * "true" trusts every proxy (only when nothing but the proxy can reach the server), a number trusts
 * that many hops, otherwise a comma-separated list of proxy addresses or networks (10.0.0.0/8).
 */
function readSmtpUrl(env: Env): string | undefined {
  const raw = value(env, "SMTP_URL");
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("SMTP_URL", "ist keine gültige Adresse (Beispiel: smtps://benutzer:passwort@mail.example.de:465)");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new ConfigError("SMTP_URL", "muss mit smtps:// (TLS) oder smtp:// (STARTTLS) beginnen");
  }
  if (!url.hostname) throw new ConfigError("SMTP_URL", "nennt keinen Server");
  return raw;
}

function readTrustProxy(env: Env): boolean | number | string[] {
  const raw = value(env, "TRUST_PROXY");
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (["0", "false", "no", "nein"].includes(lower)) return false;
  if (["true", "yes", "ja"].includes(lower)) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const family = isIP(address ?? "");
    const maxBits = family === 6 ? 128 : 32;
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !validBits) {
      throw new ConfigError("TRUST_PROXY", `„${entry}“ ist weder true/false, eine Anzahl noch eine IP-Adresse oder ein Netz`);
    }
  }
  return entries;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function readWebhooks(env: Env): WebhookConfig {
  const urls: string[] = [];
  for (const entry of (value(env, "WEBHOOK_URLS") ?? "").split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError("WEBHOOK_URLS", `„${entry}“ ist keine Adresse (Beispiel: https://hooks.example.de/urkraft)`);
    }
    if (url.protocol === "http:" && !isLoopback(url.hostname)) {
      throw new ConfigError(
        "WEBHOOK_URLS",
        `„${entry}“: nur https:// ist erlaubt, http:// nur für 127.0.0.1, ::1 oder localhost`,
      );
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw new ConfigError("WEBHOOK_URLS", `„${entry}“ muss mit https:// beginnen`);
    }
    if (!urls.includes(url.href)) urls.push(url.href);
  }
  const secret = value(env, "WEBHOOK_SECRET");
  if (urls.length > 0 && secret === undefined) {
    throw new ConfigError("WEBHOOK_SECRET", "fehlt: ohne Schlüssel (whsec_…) werden keine Webhooks signiert und gesendet");
  }
  if (secret !== undefined) checkSigningSecret("WEBHOOK_SECRET", secret);
  return {
    urls,
    secret,
    pollMs: 1_000,
    retryBaseMs: 30_000,
    retryMaxMs: 3_600_000,
    maxAttempts: 1_000,
    retryForMs: 3 * 24 * 3_600_000,
    timeoutMs: 10_000,
    leaseMs: 5 * 60_000,
    batchSize: 50,
    concurrency: 8,
  };
}

/** Standard Webhooks: `whsec_` and the key in base64, 24 to 64 bytes. */
function checkSigningSecret(variable: string, secret: string): void {
  if (!secret.startsWith("whsec_")) {
    throw new ConfigError(variable, "muss mit whsec_ beginnen (Beispiel: whsec_ und 32 zufällige Bytes in Base64)");
  }
  const key = secret.slice("whsec_".length);
  const bytes = Buffer.from(key, "base64");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || bytes.length < 24 || bytes.length > 64) {
    throw new ConfigError(
      variable,
      "nach whsec_ müssen 24 bis 64 Bytes in Base64 folgen (erzeugen mit: openssl rand -base64 32)",
    );
  }
}

function readMetricsPort(env: Env): number | undefined {
  if (value(env, "METRICS_PORT") === undefined) return undefined;
  const port = readInteger(env, "METRICS_PORT", 0, 0, 65535);
  if (port !== 0 && port === readInteger(env, "PORT", 9000, 0, 65535)) {
    throw new ConfigError("METRICS_PORT", `darf nicht derselbe Port wie PORT sein (${port})`);
  }
  return port;
}

/** Settings that contradict what the privacy texts and the site promise; the server does not start with them. */
export class StartupError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Der Server startet nicht für den Betrieb (SITE_URL ist gesetzt), weil Einstellungen fehlen oder einander widersprechen:\n${problems
        .map((problem) => `  • ${problem}`)
        .join("\n")}`,
    );
    this.name = "StartupError";
  }
}

/** A public SITE_URL means production; one on this machine (127.0.0.1, localhost) is a local test run. */
export function isProduction(config: Config): boolean {
  return config.siteUrl !== undefined && !isLoopback(new URL(config.siteUrl).hostname);
}

/**
 * In production (SITE_URL set) the environment must deliver what the texts say: every deployment fact
 * the privacy texts state is filled in, the webhook receivers named there are the ones configured, the
 * content repository's host is named when there is one (CONTENT_GIT_REMOTE), the owner notification's link
 * leads somewhere, and mails reach a mail server instead of files.
 */
export function productionProblems(config: Config, site: SiteSettings): string[] {
  if (!isProduction(config)) return [];
  const siteUrl = config.siteUrl as string;
  const problems = deploymentProblems(site.deployment, true);
  const { deployment } = site;
  const recipients = deployment.webhookRecipients;
  if (config.webhooks.urls.length > 0 && recipients === "")
    problems.push(
      "Umgebungsvariable WEBHOOK_URLS: ist gesetzt, aber content/site.json, Feld „deployment.webhookRecipients“ ist leer – die Datenschutzerklärung sagt dann, dass nichts weitergeleitet wird. Trag den Empfänger dort ein (Name, Anschrift) oder lass WEBHOOK_URLS leer.",
    );
  if (config.webhooks.urls.length === 0 && recipients !== "")
    problems.push(
      `content/site.json, Feld „deployment.webhookRecipients“: nennt „${recipients}“, aber die Umgebungsvariable WEBHOOK_URLS ist leer – die Datenschutzerklärung beschreibt eine Weiterleitung, die es nicht gibt. Setze WEBHOOK_URLS oder leere das Feld.`,
    );
  if (config.contentGit.remote !== undefined && deployment.contentRepository === "")
    problems.push(
      "Umgebungsvariable CONTENT_GIT_REMOTE: ist gesetzt, aber content/site.json, Feld „deployment.contentRepository“ ist leer – die Versionsgeschichte der Texte und Erfahrungsberichte läge dann bei einem Anbieter, den die Datenschutzerklärung nicht nennt. Trag ihn dort ein (Name, Anschrift, Standort; außerhalb der EU auch „deployment.contentRepositoryCountry“ und „deployment.contentRepositorySafeguard“) oder lass CONTENT_GIT_REMOTE leer.",
    );
  if (site.ownerNotification === "link" && config.ownerEmails.length === 0)
    problems.push(
      "Umgebungsvariable OWNER_EMAILS: fehlt, aber content/site.json, Feld „ownerNotification“ ist „link“ – die Benachrichtigung über eine Anfrage führt dann in eine Verwaltung, die niemand öffnen kann. Setze OWNER_EMAILS oder stell „ownerNotification“ auf „full“.",
    );
  if (config.mail.smtpUrl === undefined)
    problems.push(
      "Umgebungsvariable SMTP_URL: fehlt – ohne Mailserver landen alle E-Mails nur als Dateien in DATA_DIR/outbox, statt zugestellt zu werden.",
    );
  if (deployment.httpsEnforced === "ja" && config.trustProxy === false)
    problems.push(
      "Umgebungsvariable TRUST_PROXY: fehlt, aber content/site.json, Feld „deployment.httpsEnforced“ ist „ja“ – ohne TRUST_PROXY erkennt der Server hinter dem Proxy kein HTTPS und sendet kein Strict-Transport-Security.",
    );
  if (deployment.httpsEnforced === "ja" && !siteUrl.startsWith("https:"))
    problems.push(
      `Umgebungsvariable SITE_URL: „${siteUrl}“ beginnt nicht mit https://, aber content/site.json, Feld „deployment.httpsEnforced“ ist „ja“.`,
    );
  return problems;
}

/** Reads content/site.json and throws a StartupError naming every production setting that is missing or contradicts it. */
export function checkProduction(config: Config, contentDir: string): void {
  if (!isProduction(config)) return;
  const problems = [
    ...productionProblems(config, readSiteSettings(contentDir)),
    ...evidenceProblems(contentDir, { production: true }),
  ];
  if (problems.length > 0) throw new StartupError(problems);
}
