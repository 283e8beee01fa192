/**
 * One delivery attempt over HTTP: POST the stored JSON with the Standard Webhooks headers, signed now
 * (receivers reject timestamps older than five minutes, so every attempt is signed anew with the same
 * `webhook-id`). Redirects are not followed, and the whole exchange has `timeoutMs`.
 */
import { Webhook } from "standardwebhooks";

export type AttemptResult = { status: number } | { error: string };

export interface WebhookSender {
  send(delivery: { eventId: string; endpoint: string; payload: string }): Promise<AttemptResult>;
}

export function createSender(secret: string, timeoutMs: number): WebhookSender {
  const signer = new Webhook(secret);
  return {
    async send({ eventId, endpoint, payload }) {
      const now = new Date();
      try {
        const response = await fetch(endpoint, {
          method: "POST",
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            "content-type": "application/json",
            "user-agent": "Urkraft-Webhooks/1.0",
            "webhook-id": eventId,
            "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
            "webhook-signature": signer.sign(eventId, now, payload),
          },
          body: payload,
        });
        // The answer's body means nothing to us; dropping it frees the connection.
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status };
      } catch (error) {
        return { error: describeFailure(error, timeoutMs) };
      }
    },
  };
}

/** Codes only: what a receiver says could be anything, and it does not belong in the log. */
function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; cause?: { code?: string; name?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError") return `keine Antwort innerhalb von ${timeoutMs / 1000} s`;
  return e.cause?.code ?? e.cause?.name ?? e.name ?? "Error";
}
