/**
 * The owner area's calls to /api/verwaltung: JSON in and out, same-origin cookie. A 401 means the session
 * ended, so the caller is sent to the login page; a 403 with `confirmLogin` asks for a recent login (see
 * ConfirmLogin.tsx); every other refusal carries the server's German message, and its whole answer for the
 * refusals that bring data to show (a conflict's fields, the check's problems). The screens call a route
 * through its row of OWNER_API (common/owner/api.ts): `call(OWNER_API.request, { params: { id } })`, its
 * input and answer typed from the row's schemas (common/owner/schemas.ts, responses.ts; `import type` only,
 * so no schema code comes into the browser).
 */
import { navigate } from "./router";
import { OWNER_API_PREFIX, OWNER_LOGIN_PATH } from "../../common/routes";
import type { ApiRow, RouteAnswer, RouteInput } from "../../common/owner/api";

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

/** Fetches a path under OWNER_API_PREFIX; not exported: screens reach a route only through `call` and its row. */
async function api<T>(path: string, options: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {}): Promise<T> {
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

/** `path` with a query; values left undefined are not sent. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A route's input as an argument: optional when the route needs none. */
export type InputArgs<Row extends ApiRow> =
  Record<never, never> extends RouteInput<Row> ? [input?: RouteInput<Row>] : [input: RouteInput<Row>];

/** A route's path under OWNER_API_PREFIX, its parameters filled in and its query appended. */
export function routePath<Row extends ApiRow>(row: Row, ...[input]: InputArgs<Row>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string | undefined> };
  const path = row.path.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(params?.[name] ?? ""));
  return withQuery(path, query ?? {});
}

/** A route's full address, for a link or a download (a CSV export, a JSON copy). */
export function routeUrl<Row extends ApiRow>(row: Row, ...args: InputArgs<Row>): string {
  return OWNER_API_PREFIX + routePath(row, ...args);
}

/** Calls a route of OWNER_API: a POST always sends a JSON body (`{}` when it has none), GET and DELETE none. */
export function call<Row extends ApiRow>(row: Row, ...args: InputArgs<Row>): Promise<RouteAnswer<Row>> {
  const body = (args[0] as { body?: unknown } | undefined)?.body;
  return api<RouteAnswer<Row>>(routePath(row, ...args), {
    method: row.method,
    body: row.method === "POST" ? (body ?? {}) : undefined,
  });
}

export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : FALLBACK;
}
