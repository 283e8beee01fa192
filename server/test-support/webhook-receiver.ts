/**
 * A real HTTP receiver for webhook tests (node:http on 127.0.0.1). It checks every request's signature
 * with the `standardwebhooks` package, records what came, and can play the faults of a real receiver:
 * down, hanging, 500, 301, 410 or an answer that is not HTTP at all.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Webhook } from "standardwebhooks";
import type { WebhookPayload } from "../webhooks/events";

export type ReceiverMode = "ok" | "error" | "redirect" | "gone" | "hang" | "garbage";

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  body: string;
  /** The payload as `Webhook.verify` returned it; undefined when the signature did not verify. */
  payload: WebhookPayload | undefined;
  verifyError?: string;
  /** What this receiver answered (0: nothing, or garbage). */
  answered: number;
  at: number;
}

/** A fresh signing key in the `whsec_` form. */
export function testSecret(): string {
  return `whsec_${Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)).toString("base64")}`;
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Decides the answer per request; `mode` is the default. */
  mode: ReceiverMode = "ok";
  answer?: (payload: WebhookPayload | undefined) => ReceiverMode | undefined;
  private server: http.Server | undefined;
  private sockets = new Set<Socket>();
  private port = 0;
  private readonly verifier: Webhook;

  constructor(
    secret: string,
    readonly path = "/hooks/urkraft",
  ) {
    this.verifier = new Webhook(secret);
  }

  get url(): string {
    if (this.port === 0) throw new Error("receiver never started");
    return `http://127.0.0.1:${this.port}${this.path}`;
  }

  /** Requests answered with 2xx. */
  get accepted(): ReceivedWebhook[] {
    return this.received.filter((entry) => entry.answered >= 200 && entry.answered < 300);
  }

  /** Starts on a free port, or on the same port again after `stop`. */
  async start(): Promise<void> {
    const server = http.createServer((request, response) => this.handle(request, response));
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Takes a port and gives it back at once: connections are refused until `start`, as with a receiver that is down. */
  async reservePort(): Promise<void> {
    await this.start();
    await this.stop();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const entry: ReceivedWebhook = {
        id: headers["webhook-id"] ?? "",
        timestamp: headers["webhook-timestamp"] ?? "",
        body,
        payload: undefined,
        answered: 0,
        at: Date.now(),
      };
      try {
        entry.payload = this.verifier.verify(body, headers) as WebhookPayload;
      } catch (error) {
        entry.verifyError = (error as Error).message;
      }
      this.received.push(entry);
      const mode = this.answer?.(entry.payload) ?? this.mode;
      if (mode === "hang") return;
      if (mode === "garbage") {
        entry.answered = 0;
        request.socket.end("\u0000\u0001 das ist kein HTTP \r\n\r\n");
        return;
      }
      entry.answered = { ok: 204, error: 500, redirect: 301, gone: 410 }[mode];
      response.writeHead(entry.answered, mode === "redirect" ? { location: "http://127.0.0.1:1/anderswo" } : {});
      response.end(mode === "ok" ? undefined : "nein");
    });
  }

  /** Waits until `count` accepted webhooks match `predicate`. */
  async waitForAccepted(
    predicate: (entry: ReceivedWebhook) => boolean,
    count = 1,
    timeoutMs = 15_000,
  ): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.accepted.filter(predicate);
      if (found.length >= count) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out: ${found.length} of ${count} webhooks; received ${JSON.stringify(this.received.map((r) => [r.payload?.type, r.answered]))}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const ofType = (type: string) => (entry: ReceivedWebhook) => entry.payload?.type === type;
