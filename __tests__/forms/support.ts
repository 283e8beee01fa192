import { act } from "@testing-library/react";
import { navigate } from "gatsby";
import { provideStaticQueries } from "../support/content";
import { clearFetch } from "./fetch-mock";

export { clearFetch, htmlResponse, jsonResponse, mockFetch, neverAnswered, type SentRequest } from "./fetch-mock";

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
