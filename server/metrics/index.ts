/**
 * METRICS_PORT: a second listener on 127.0.0.1 that answers GET /metrics in the Prometheus text format.
 * It is not reachable from outside the machine and not part of the public app, so its scrapes are not
 * counted as requests. Without METRICS_PORT nothing is collected.
 */
import diagnostics from "node:diagnostics_channel";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { ConfigError, type Config } from "../config";
import { OUTCOME_CHANNEL, type OutcomeMessage } from "../outbox/loop";
import { createCollectors } from "./collectors";
import { readDatabaseGauges } from "./database";
import { readExperimentGauges } from "./experiments";
import { recordResponse } from "./http";

declare module "fastify" {
  interface FastifyInstance {
    /** The metrics listener's address once the app is ready; null without METRICS_PORT. */
    metricsAddress(): AddressInfo | null;
  }
}

export function registerMetrics(app: FastifyInstance, config: Config): void {
  if (config.metricsPort === undefined) {
    app.decorate("metricsAddress", () => null);
    return;
  }

  const metrics = createCollectors();
  app.addHook("onResponse", async (request, reply) => recordResponse(metrics, request, reply));

  const onOutcome = (message: unknown) => {
    const { queue, outcome, db } = message as OutcomeMessage;
    if (db !== app.db) return;
    if (outcome === "sent") metrics.delivered.inc({ queue });
    else if (outcome === "retry" || outcome === "failed") metrics.failures.inc({ queue, final: String(outcome === "failed") });
  };
  diagnostics.subscribe(OUTCOME_CHANNEL, onOutcome);

  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response
        .writeHead(404, { "content-type": "text/plain; charset=utf-8" })
        .end("Nicht gefunden: Metriken gibt es unter /metrics\n");
      return;
    }
    readDatabaseGauges(app.db, metrics, app.mail.site.replyWithinHours)
      .then(() => readExperimentGauges(app, metrics))
      .then(() => metrics.registry.metrics())
      .then(
        (text) => response.writeHead(200, { "content-type": metrics.registry.contentType }).end(text),
        (error: Error) => {
          app.log.error({ reason: error.message }, "metrics not readable");
          response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metriken nicht lesbar\n");
        },
      );
  });

  app.decorate("metricsAddress", () => (server.listening ? (server.address() as AddressInfo) : null));
  app.addHook("onReady", async () => {
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "EADDRINUSE"
            ? new ConfigError("METRICS_PORT", `Port ${config.metricsPort} auf 127.0.0.1 ist schon belegt`)
            : error,
        ),
      );
      server.listen(config.metricsPort, "127.0.0.1", () => {
        server.removeAllListeners("error");
        resolve();
      });
    });
    app.log.info({ port: (server.address() as AddressInfo).port }, "metrics listening on 127.0.0.1");
  });
  app.addHook("onClose", async () => {
    diagnostics.unsubscribe(OUTCOME_CHANNEL, onOutcome);
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });
}
