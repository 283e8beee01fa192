/**
 * Sends a form as JSON and turns the server's answer into one of three outcomes the form can show:
 * accepted, field errors (400), or a German message for everything else (429, 5xx, no connection).
 */
import type { FieldErrors } from "../../common/forms/schemas";
import { PROOF_MESSAGES } from "../../common/forms/proof-of-work";

export type SubmitOutcome = { kind: "accepted" } | { kind: "invalid"; errors: FieldErrors } | { kind: "failed"; message: string };

export const SUBMIT_MESSAGES = {
  network:
    "Wir konnten dein Formular gerade nicht senden. Bitte prüfe deine Internetverbindung und versuche es noch einmal – deine Eingaben bleiben erhalten.",
  timeout:
    "Unser Server antwortet gerade nicht. Bitte versuche es in einem Moment noch einmal – deine Eingaben bleiben erhalten.",
  tooManyRequests: "Zu viele Anfragen in kurzer Zeit. Bitte warte einen Moment und versuche es dann noch einmal.",
  server:
    "Da ist bei uns leider etwas schiefgelaufen. Bitte versuche es in ein paar Minuten noch einmal – deine Eingaben bleiben erhalten.",
  rejected: "Dein Formular konnte so nicht gesendet werden. Bitte prüfe deine Angaben und versuche es noch einmal.",
} as const;

/** A server that has not answered after this long is treated as unreachable, so the button comes back. */
export const SUBMIT_TIMEOUT_MS = 20_000;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await response.json();
    return typeof data === "object" && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function fieldErrorsOf(value: unknown): FieldErrors | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const errors = Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  return Object.keys(errors).length > 0 ? errors : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The server's 400 for a proof of work that is wrong, expired or used: the form may send again with a new one. */
export const isProofRefused = (outcome: SubmitOutcome): boolean =>
  outcome.kind === "failed" && outcome.message === PROOF_MESSAGES.refused;

export async function submitForm(endpoint: string, body: Record<string, string>): Promise<SubmitOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, SUBMIT_TIMEOUT_MS);

  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
      signal: controller.signal,
    });
  } catch {
    return { kind: "failed", message: timedOut ? SUBMIT_MESSAGES.timeout : SUBMIT_MESSAGES.network };
  } finally {
    clearTimeout(timer);
  }

  if (response.ok) {
    // Read to its end, not awaited: an answer whose body nobody reads stays open in the browser as a request
    // under way until the page is gone.
    response.text().catch(() => undefined);
    return { kind: "accepted" };
  }
  // The server's 5xx text is generic anyway, and a proxy in between may answer in English or HTML.
  if (response.status >= 500) return { kind: "failed", message: SUBMIT_MESSAGES.server };

  const data = await readJson(response);
  if (response.status === 429) return { kind: "failed", message: textOf(data.error) ?? SUBMIT_MESSAGES.tooManyRequests };
  const errors = response.status === 400 ? fieldErrorsOf(data.errors) : undefined;
  if (errors) return { kind: "invalid", errors };
  return { kind: "failed", message: textOf(data.error) ?? SUBMIT_MESSAGES.rejected };
}
