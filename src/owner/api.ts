/**
 * The owner area's calls to /api/verwaltung: JSON in and out, same-origin cookie. A 401 means the session
 * ended, so the caller is sent to the login page; a 403 with `confirmLogin` asks for a recent login (see
 * ConfirmLogin.tsx); every other refusal carries the server's German message, and its whole answer for the
 * refusals that bring data to show (a conflict's fields, the check's problems). What each route accepts is
 * declared once, in common/owner/schemas.ts, and what it answers in common/owner/responses.ts; the screens
 * take their types (`import type` only, so no schema code comes into the browser).
 */
import { navigate } from "./router";
import { OWNER_API_PREFIX, OWNER_LOGIN_PATH } from "../../common/routes";

export const LOGIN_PATH = OWNER_LOGIN_PATH;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The action needs a login within the last minutes: confirm it, then try again. */
    readonly confirmLogin = false,
    /** The refusal's whole answer, e.g. the conflict (409) or the check's problems (422) in „Inhalte“. */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

const FALLBACK = "Das hat leider nicht geklappt. Bitte prüfe deine Verbindung und versuche es noch einmal.";

export async function api<T>(path: string, options: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${OWNER_API_PREFIX}${path}`, {
      method: options.method ?? "GET",
      credentials: "same-origin",
      headers: { accept: "application/json", ...(options.body !== undefined ? { "content-type": "application/json" } : {}) },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new ApiError(0, FALLBACK);
  }
  const data = (await response.json().catch(() => ({}))) as { error?: string; confirmLogin?: boolean } & T;
  if (response.status === 401 && !window.location.pathname.startsWith(LOGIN_PATH)) {
    navigate(LOGIN_PATH, { replace: true });
  }
  if (!response.ok) throw new ApiError(response.status, data.error ?? FALLBACK, data.confirmLogin === true, data);
  return data;
}

/** `path` with a route's query (its type from the route's schema); values left undefined are not sent. */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK;
}
