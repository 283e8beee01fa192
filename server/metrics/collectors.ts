/**
 * The metrics, in a registry of their own per app (tests build several apps in one process). Names start
 * with `urkraft_`; labels hold route patterns, form names, reasons and queue names only, never anything
 * a visitor typed.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type Collectors = ReturnType<typeof createCollectors>;

export function createCollectors() {
  const registry = new Registry();
  // Process memory, CPU, handles and event-loop lag (urkraft_nodejs_eventloop_lag_*), sampled every 10 ms.
  collectDefaultMetrics({ register: registry, prefix: "urkraft_", eventLoopMonitoringPrecision: 10 });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "urkraft_http_requests_total",
      help: "HTTP-Anfragen nach Methode, Route (Muster, nicht die Adresse) und Status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    duration: new Histogram({
      name: "urkraft_http_request_duration_seconds",
      help: "Antwortzeit nach Methode und Route",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    submissions: new Counter({
      name: "urkraft_form_submissions_total",
      help: "Formular-Einsendungen: angenommen oder abgewiesen, mit Grund",
      labelNames: ["form", "outcome", "reason"] as const,
      registers,
    }),
    delivered: new Counter({
      name: "urkraft_outbox_delivered_total",
      help: "Zugestellte Mails und Webhooks (seit dem Start dieses Prozesses)",
      labelNames: ["queue"] as const,
      registers,
    }),
    failures: new Counter({
      name: "urkraft_outbox_failures_total",
      help: "Fehlgeschlagene Zustellversuche von Mails und Webhooks; final=true: aufgegeben",
      labelNames: ["queue", "final"] as const,
      registers,
    }),
    pending: new Gauge({
      name: "urkraft_outbox_pending",
      help: "Mails und Webhooks, die noch zugestellt werden sollen",
      labelNames: ["queue"] as const,
      registers,
    }),
    oldestPending: new Gauge({
      name: "urkraft_outbox_oldest_pending_age_seconds",
      help: "Alter der ältesten noch nicht zugestellten Mail bzw. Webhook-Zustellung (0: keine)",
      labelNames: ["queue"] as const,
      registers,
    }),
    givenUp: new Gauge({
      name: "urkraft_outbox_given_up",
      help: "Gespeicherte Mails und Webhook-Zustellungen mit Status failed (aufgegeben)",
      labelNames: ["queue"] as const,
      registers,
    }),
    overdueRequests: new Gauge({
      name: "urkraft_contact_requests_overdue",
      help: "Offene Kontaktanfragen, deren versprochene Antwortzeit (replyWithinHours) überschritten ist",
      registers,
    }),
    disabledEndpoints: new Gauge({
      name: "urkraft_webhook_endpoints_disabled",
      help: "Konfigurierte Webhook-Empfänger, die mit 410 Gone abgeschaltet wurden",
      registers,
    }),
    experimentFigures: new Gauge({
      name: "urkraft_experiment_figures",
      help: "Laufende Experimente je Variante: Aufrufe, Anmeldungen, bestätigte Anmeldungen, Anfragen (seit dem Start)",
      labelNames: ["experiment", "variant", "figure"] as const,
      registers,
    }),
    experimentBeatsOriginal: new Gauge({
      name: "urkraft_experiment_probability_beats_original",
      help: "Wahrscheinlichkeit, dass die Variante mehr bestätigte Anmeldungen je Aufruf bringt als das Original (0 bis 1)",
      labelNames: ["experiment", "variant"] as const,
      registers,
    }),
    databaseUp: new Gauge({
      name: "urkraft_metrics_database_up",
      help: "1, wenn die Datenbank beim letzten Abruf der Metriken antwortete",
      registers,
    }),
  };
}
