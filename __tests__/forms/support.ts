import { act } from "@testing-library/react";
import { navigate } from "gatsby";
import { provideStaticQueries } from "../support/content";

/**
 * The network boundary of the form tests: `fetch` (jsdom has none) answered per test, and the requests
 * the forms sent, read back as the server would see them.
 */
export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export function jsonResponse(status: number, body: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
    text: async () => JSON.stringify(body),
  } as Response;
}

export function htmlResponse(status: number): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: async () => {
      throw new SyntaxError("Unexpected token '<'");
    },
  } as unknown as Response;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Installs a fetch that answers with `answer` (a response, a promise of one, or a thrown error). */
export function mockFetch(answer: (request: SentRequest) => Response | Promise<Response>) {
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const request: SentRequest = {
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: typeof init.body === "string" ? JSON.parse(init.body) : {},
    };
    return answer(request);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetchMock,
    sent: (): SentRequest[] =>
      fetchMock.mock.calls.map(([url, init]) => ({
        url,
        method: init?.method ?? "GET",
        headers: init?.headers as Record<string, string>,
        body: typeof init?.body === "string" ? JSON.parse(init.body) : {},
      })),
  };
}

export function clearFetch() {
  delete (global as { fetch?: unknown }).fetch;
}

/** Fake timers, the real site.json behind every static query, and a fresh `navigate` and `fetch` per test. */
export function setUpFormTests(): void {
  beforeEach(() => {
    jest.useFakeTimers();
    provideStaticQueries();
    (navigate as jest.Mock).mockClear();
  });
  afterEach(() => {
    jest.useRealTimers();
    clearFetch();
  });
}

/** Lets pending promises and timers up to `ms` run, as the browser would in that time. */
export async function pass(ms: number): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** The field's message, read through aria-describedby as a screen reader reaches it. */
export function errorOf(field: HTMLElement): string {
  const id = (field.getAttribute("aria-describedby") ?? "").split(" ").find((part) => part.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? "") : "";
}
