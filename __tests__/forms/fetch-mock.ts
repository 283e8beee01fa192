/**
 * The network boundary of the form tests: `fetch` (jsdom has none) answered per test, and the requests
 * the forms sent, read back as the server would see them. Apart from support.ts, which loads Testing
 * Library's React, so the tests that hydrate with Preact use it too.
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

/** An answer that never comes: it rejects when the request is aborted, as the real fetch does. */
export function neverAnswered(init: RequestInit): Promise<Response> {
  return new Promise<Response>((_resolve, reject) =>
    init.signal!.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError"))),
  );
}

/** Installs a fetch that answers with `answer` (a response, a promise of one, or a thrown error). */
export function mockFetch(answer: (request: SentRequest, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = jest.fn(async (url: string, init: RequestInit = {}) => {
    const request: SentRequest = {
      url,
      method: init.method ?? "GET",
      headers: init.headers as Record<string, string>,
      body: typeof init.body === "string" ? JSON.parse(init.body) : {},
    };
    return answer(request, init);
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
