/**
 * METRICS_PORT: the real app with mail and webhooks failing on purpose, some traffic through the real
 * routes, then one scrape of /metrics over HTTP that must show exactly the counts this traffic caused.
 */
import assert from "node:assert/strict";
import net from "node:net";
import site from "../../content/site.json";
import { buildApp } from "../app";
import { onBothDrivers, startApp, waitUntil } from "../test-support/app-harness";
import { sendContact, webhookConfig } from "../test-support/webhook-app";
import { testSecret, WebhookReceiver } from "../test-support/webhook-receiver";

/** A port nobody listens on, so SMTP connections are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Samples = Map<string, number>;

/** `name{a="1",b="2"} value` lines, keyed by name and labels sorted by label name. */
function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split("\n")) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match) continue;
    const labels = [...(match[2] ?? "").matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/gi)].map(([, k, v]) => `${k}=${v}`).sort();
    samples.set(`${match[1]}{${labels.join(",")}}`, Number(match[3]));
  }
  return samples;
}

function sample(samples: Samples, name: string, labels: Record<string, string> = {}): number | undefined {
  const key = Object.entries(labels)
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join(",");
  return samples.get(`${name}{${key}}`);
}

onBothDrivers("metrics", async (t, database) => {
  const secret = testSecret();
  const receiver = new WebhookReceiver(secret);
  await receiver.start();
  receiver.mode = "error";
  const smtpPort = await closedPort();
  const config = webhookConfig(database, [receiver.url], secret, {
    METRICS_PORT: "0",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_MAX_ATTEMPTS: "1000",
  });
  const app = await startApp(config);
  try {
    await t.test("a scrape after some traffic shows the counts it caused", async () => {
      const address = app.metricsAddress()!;
      assert.equal(address.address, "127.0.0.1", "reachable from this machine only");
      const lead = (i: number, extra: Record<string, string> = {}) =>
        app.inject({
          method: "POST",
          url: "/api/leads",
          headers: { referer: "http://localhost/" },
          payload: { name: `Lead ${i}`, email: `lead${i}@example.de`, website: "", ...extra },
        });
      for (let i = 0; i < 3; i += 1) assert.equal((await lead(i)).statusCode, 202);
      assert.equal((await lead(3, { email: "keine-adresse" })).statusCode, 400);
      assert.equal((await lead(4, { website: "https://spam.example" })).statusCode, 202);
      const foreign = await app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { origin: "https://boese.example" },
        payload: { name: "X", email: "x@example.de" },
      });
      assert.equal(foreign.statusCode, 403);
      assert.equal((await sendContact(app, "Offen", "offen@example.de", "Wann antwortet ihr?")).statusCode, 202);
      assert.equal((await sendContact(app, "Beantwortet", "beantwortet@example.de", "Danke!")).statusCode, 202);
      for (let i = 0; i < 2; i += 1) assert.equal((await app.inject({ method: "GET", url: "/api/health" })).statusCode, 200);
      const secretToken = "A".repeat(43);
      assert.equal((await app.inject({ method: "GET", url: `/api/leads/confirm?token=${secretToken}` })).statusCode, 303);
      assert.equal((await app.inject({ method: "GET", url: "/api/gibt-es-nicht" })).statusCode, 404);
      assert.equal((await app.inject({ method: "POST", url: "/api/gibt-es-nicht/123" })).statusCode, 404);

      // One request is past the promised reply time, one as old but answered.
      const hours = site.replyWithinHours + 1;
      await app.db.query(
        `UPDATE contact_requests SET submitted_at = now() - $1::integer * interval '1 hour',
                answered_at = CASE WHEN email = 'beantwortet@example.de' THEN now() END`,
        [hours],
      );
      await waitUntil(async () => {
        const { rows } = await app.db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM mail_outbox WHERE attempts >= 2)
                + (SELECT count(*) FROM webhook_deliveries WHERE attempts >= 2) AS n`,
        );
        return Number(rows[0]!.n) === 7 + 2;
      }, "failed attempts at every mail and webhook");

      const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      const samples = parse(text);
      const value = (name: string, labels: Record<string, string> = {}) => sample(samples, name, labels);

      assert.equal(value("urkraft_http_requests_total", { method: "POST", route: "/api/leads", status: "202" }), 4);
      assert.equal(value("urkraft_http_requests_total", { method: "POST", route: "/api/leads", status: "400" }), 1);
      assert.equal(value("urkraft_http_requests_total", { method: "POST", route: "/api/leads", status: "403" }), 1);
      assert.equal(value("urkraft_http_requests_total", { method: "POST", route: "/api/contact", status: "202" }), 2);
      assert.equal(value("urkraft_http_requests_total", { method: "GET", route: "/api/health", status: "200" }), 2);
      assert.equal(value("urkraft_http_requests_total", { method: "GET", route: "/api/leads/confirm", status: "303" }), 1);
      assert.equal(value("urkraft_http_requests_total", { method: "GET", route: "/*", status: "404" }), 1);
      assert.equal(value("urkraft_http_requests_total", { method: "POST", route: "not_found", status: "404" }), 1);
      assert.equal(value("urkraft_http_request_duration_seconds_count", { method: "POST", route: "/api/leads" }), 6);
      assert.equal(value("urkraft_http_request_duration_seconds_bucket", { method: "GET", route: "/api/health", le: "+Inf" }), 2);

      assert.equal(value("urkraft_form_submissions_total", { form: "lead", outcome: "accepted", reason: "" }), 3);
      assert.equal(value("urkraft_form_submissions_total", { form: "lead", outcome: "refused", reason: "invalid" }), 1);
      assert.equal(value("urkraft_form_submissions_total", { form: "lead", outcome: "refused", reason: "honeypot" }), 1);
      assert.equal(value("urkraft_form_submissions_total", { form: "lead", outcome: "refused", reason: "foreign_origin" }), 1);
      assert.equal(value("urkraft_form_submissions_total", { form: "contact", outcome: "accepted", reason: "" }), 2);

      // Three confirmation requests and two mails per contact request; a contact.received per request.
      assert.equal(value("urkraft_outbox_pending", { queue: "mail" }), 7);
      assert.equal(value("urkraft_outbox_pending", { queue: "webhook" }), 2);
      const oldestMail = value("urkraft_outbox_oldest_pending_age_seconds", { queue: "mail" })!;
      assert.ok(oldestMail > 0 && oldestMail < 120, `oldest mail ${oldestMail} s`);
      assert.ok(value("urkraft_outbox_failures_total", { queue: "mail", final: "false" })! >= 7);
      assert.ok(value("urkraft_outbox_failures_total", { queue: "webhook", final: "false" })! >= 2);
      assert.equal(value("urkraft_outbox_given_up", { queue: "mail" }), 0);
      assert.equal(value("urkraft_contact_requests_overdue"), 1);
      assert.equal(value("urkraft_metrics_database_up"), 1);

      assert.ok(value("urkraft_process_resident_memory_bytes")! > 10_000_000);
      assert.ok(value("urkraft_nodejs_heap_size_used_bytes")! > 0);
      assert.notEqual(value("urkraft_nodejs_eventloop_lag_p99_seconds"), undefined);

      // No personal data and no link token: only route patterns, form names and reasons.
      assert.doesNotMatch(text, /@|example\.de|Lead \d|AAAAAAAAAA/);
      for (const name of new Set([...samples.keys()].map((key) => key.split("{")[0]!))) assert.match(name, /^urkraft_/);
    });

    await t.test("a port already taken stops the start with a German message", async () => {
      const second = await buildApp({
        config: { ...config, metricsPort: app.metricsAddress()!.port },
        db: app.db,
        logger: false,
      });
      try {
        await assert.rejects(async () => {
          await second.ready();
        }, /^ConfigError: Umgebungsvariable METRICS_PORT: Port \d+ auf 127\.0\.0\.1 ist schon belegt$/);
      } finally {
        await second.close().catch(() => undefined);
      }
    });

    await t.test("serves nothing but /metrics", async () => {
      const response = await fetch(`http://127.0.0.1:${app.metricsAddress()!.port}/`);
      assert.equal(response.status, 404);
    });
  } finally {
    await app.close();
    await receiver.stop();
  }
});

onBothDrivers("metrics off", async (t, database) => {
  const app = await startApp(webhookConfig(database, [], testSecret(), { WEBHOOK_URLS: "" }));
  try {
    await t.test("without METRICS_PORT no listener opens", () => {
      assert.equal(app.metricsAddress(), null);
    });
  } finally {
    await app.close();
  }
});
