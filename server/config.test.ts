/** The environment is read once, with defaults, and a bad value stops the start naming its variable. */
import assert from "node:assert/strict";
import path from "node:path";
import { describe, it } from "node:test";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("has working defaults: port 9000, PGlite under data/, public/, 10 posts a minute", () => {
    const config = loadConfig({}, "/srv/urkraft");
    assert.equal(config.port, 9000);
    assert.equal(config.host, "0.0.0.0");
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.dataDir, path.join("/srv/urkraft", "data"));
    assert.equal(config.publicDir, path.join("/srv/urkraft", "public"));
    assert.equal(config.trustProxy, false);
    assert.deepEqual(config.rateLimit, { max: 10, windowMs: 60_000 });
    assert.equal(config.siteUrl, undefined);
    assert.equal(config.buildOnStart, true);
  });

  it("reads every setting", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "127.0.0.1",
        DATABASE_URL: "postgres://urkraft:geheim@db:5432/urkraft",
        DATA_DIR: "/var/lib/urkraft",
        PUBLIC_DIR: "build",
        TRUST_PROXY: "10.0.0.0/8, 127.0.0.1",
        RATE_LIMIT_MAX: "5",
        RATE_LIMIT_WINDOW: "10m",
        SITE_URL: "https://www.urkraft.de/",
        LOG_LEVEL: "warn",
        BUILD_ON_START: "false",
      },
      "/srv/urkraft",
    );
    assert.equal(config.port, 8080);
    assert.equal(config.host, "127.0.0.1");
    assert.equal(config.databaseUrl, "postgres://urkraft:geheim@db:5432/urkraft");
    assert.equal(config.dataDir, "/var/lib/urkraft");
    assert.equal(config.publicDir, "/srv/urkraft/build");
    assert.deepEqual(config.trustProxy, ["10.0.0.0/8", "127.0.0.1"]);
    assert.deepEqual(config.rateLimit, { max: 5, windowMs: 600_000 });
    assert.equal(config.siteUrl, "https://www.urkraft.de");
    assert.equal(config.logLevel, "warn");
    assert.equal(config.buildOnStart, false);
  });

  it("understands TRUST_PROXY as true/false, a hop count or addresses", () => {
    assert.equal(loadConfig({ TRUST_PROXY: "true" }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: "false" }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: "2" }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: "::1" }).trustProxy, ["::1"]);
  });

  it("understands RATE_LIMIT_WINDOW in ms, s, m and h", () => {
    assert.equal(loadConfig({ RATE_LIMIT_WINDOW: "90000" }).rateLimit.windowMs, 90_000);
    assert.equal(loadConfig({ RATE_LIMIT_WINDOW: "30s" }).rateLimit.windowMs, 30_000);
    assert.equal(loadConfig({ RATE_LIMIT_WINDOW: "1h" }).rateLimit.windowMs, 3_600_000);
  });

  it("stops at a bad value with a message naming the variable", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PORT: "neuntausend" }, /^Umgebungsvariable PORT: „neuntausend“ ist keine ganze Zahl$/],
      [{ PORT: "70000" }, /^Umgebungsvariable PORT: muss zwischen 0 und 65535 liegen/],
      [
        { DATABASE_URL: "mysql://db/urkraft" },
        /^Umgebungsvariable DATABASE_URL: muss mit postgres:\/\/ oder postgresql:\/\/ beginnen$/,
      ],
      [{ DATABASE_URL: "kein url" }, /^Umgebungsvariable DATABASE_URL: ist keine gültige Adresse/],
      [{ TRUST_PROXY: "vielleicht" }, /^Umgebungsvariable TRUST_PROXY: „vielleicht“ ist weder/],
      [{ TRUST_PROXY: "10.0.0.0/40" }, /^Umgebungsvariable TRUST_PROXY: „10\.0\.0\.0\/40“/],
      [{ RATE_LIMIT_MAX: "0" }, /^Umgebungsvariable RATE_LIMIT_MAX: muss zwischen 1 und/],
      [{ RATE_LIMIT_MAX: "-3" }, /^Umgebungsvariable RATE_LIMIT_MAX: „-3“ ist keine ganze Zahl$/],
      [{ RATE_LIMIT_WINDOW: "eine Minute" }, /^Umgebungsvariable RATE_LIMIT_WINDOW: „eine Minute“ ist keine Dauer/],
      [{ RATE_LIMIT_WINDOW: "500ms" }, /^Umgebungsvariable RATE_LIMIT_WINDOW: muss mindestens eine Sekunde sein$/],
      [{ SITE_URL: "www.urkraft.de" }, /^Umgebungsvariable SITE_URL: „www\.urkraft\.de“ ist keine Adresse/],
      [{ LOG_LEVEL: "laut" }, /^Umgebungsvariable LOG_LEVEL: „laut“ ist keiner von/],
      [{ BUILD_ON_START: "vielleicht" }, /^Umgebungsvariable BUILD_ON_START: „vielleicht“ ist weder true noch false$/],
      [
        { CONTENT_GIT_BRANCH: "neue rezepte" },
        /^Umgebungsvariable CONTENT_GIT_BRANCH: „neue rezepte“ ist kein gültiger Branch-Name$/,
      ],
      [{ CONTENT_GIT_BRANCH: "-f" }, /^Umgebungsvariable CONTENT_GIT_BRANCH: „-f“ ist kein gültiger Branch-Name$/],
      [{ EDITOR_EMAILS: "redaktion" }, /^Umgebungsvariable EDITOR_EMAILS: „redaktion“ ist keine E-Mail-Adresse$/],
      [
        { OWNER_EMAILS: "inhaber@urkraft.de", EDITOR_EMAILS: "Inhaber@urkraft.de" },
        /^Umgebungsvariable EDITOR_EMAILS: „inhaber@urkraft\.de“ steht schon in OWNER_EMAILS/,
      ],
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
        JSON.stringify(env),
      );
    }
  });
});

describe("loadConfig: webhooks and metrics", () => {
  const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;

  it("has no webhooks and no metrics listener by default", () => {
    const config = loadConfig({});
    assert.deepEqual(config.webhooks.urls, []);
    assert.equal(config.webhooks.secret, undefined);
    assert.equal(config.metricsPort, undefined);
    // What the delivery promises: 10 s per attempt, retries for three days.
    assert.equal(config.webhooks.timeoutMs, 10_000);
    assert.equal(config.webhooks.retryForMs, 3 * 24 * 3_600_000);
  });

  it("reads the endpoints (https, or http for loopback), the secret and the metrics port", () => {
    const config = loadConfig({
      WEBHOOK_URLS:
        " https://hooks.example.de/urkraft , http://127.0.0.1:5678/webhook,http://localhost/x,http://[::1]:8080/,https://hooks.example.de/urkraft",
      WEBHOOK_SECRET: SECRET,
      METRICS_PORT: "9464",
    });
    assert.deepEqual(config.webhooks.urls, [
      "https://hooks.example.de/urkraft",
      "http://127.0.0.1:5678/webhook",
      "http://localhost/x",
      "http://[::1]:8080/",
    ]);
    assert.equal(config.webhooks.secret, SECRET);
    assert.equal(config.metricsPort, 9464);
    assert.equal(config.releaseStatusSecret, undefined);
    assert.equal(
      loadConfig({ CONTENT_GIT_REMOTE: "/srv/inhalte.git", RELEASE_STATUS_SECRET: SECRET }).releaseStatusSecret,
      SECRET,
    );
  });

  it("stops at a bad value with a message naming the variable", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [
        { WEBHOOK_URLS: "http://crm.example.de/hook", WEBHOOK_SECRET: SECRET },
        /^Umgebungsvariable WEBHOOK_URLS: „http:\/\/crm\.example\.de\/hook“: nur https:\/\/ ist erlaubt, http:\/\/ nur für 127\.0\.0\.1/,
      ],
      [
        { WEBHOOK_URLS: "hooks.example.de", WEBHOOK_SECRET: SECRET },
        /^Umgebungsvariable WEBHOOK_URLS: „hooks\.example\.de“ ist keine Adresse/,
      ],
      [
        { WEBHOOK_URLS: "ftp://hooks.example.de", WEBHOOK_SECRET: SECRET },
        /^Umgebungsvariable WEBHOOK_URLS: „ftp:\/\/hooks\.example\.de“ muss mit https:\/\/ beginnen$/,
      ],
      [{ WEBHOOK_URLS: "https://hooks.example.de" }, /^Umgebungsvariable WEBHOOK_SECRET: fehlt/],
      [{ WEBHOOK_SECRET: "geheim" }, /^Umgebungsvariable WEBHOOK_SECRET: muss mit whsec_ beginnen/],
      [
        { WEBHOOK_SECRET: "whsec_zukurz" },
        /^Umgebungsvariable WEBHOOK_SECRET: nach whsec_ müssen 24 bis 64 Bytes in Base64 folgen/,
      ],
      [{ WEBHOOK_SECRET: "whsec_#####################################" }, /^Umgebungsvariable WEBHOOK_SECRET: nach whsec_/],
      [{ RELEASE_STATUS_SECRET: SECRET }, /^Umgebungsvariable RELEASE_STATUS_SECRET: ist gesetzt, aber CONTENT_GIT_REMOTE nicht/],
      [
        { RELEASE_STATUS_SECRET: "geheim", CONTENT_GIT_REMOTE: "/srv/inhalte.git" },
        /^Umgebungsvariable RELEASE_STATUS_SECRET: muss mit whsec_ beginnen/,
      ],
      [{ METRICS_PORT: "metrics" }, /^Umgebungsvariable METRICS_PORT: „metrics“ ist keine ganze Zahl$/],
      [{ METRICS_PORT: "70000" }, /^Umgebungsvariable METRICS_PORT: muss zwischen 0 und 65535 liegen/],
      [{ METRICS_PORT: "9000" }, /^Umgebungsvariable METRICS_PORT: darf nicht derselbe Port wie PORT sein \(9000\)$/],
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => loadConfig(env),
        (error: unknown) => error instanceof ConfigError && message.test(error.message),
        JSON.stringify(env),
      );
    }
  });
});
