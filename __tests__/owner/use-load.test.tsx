/**
 * useLoad (src/owner/use-load.ts), the one way the owner screens load what they show: <Loading/> until the
 * answer is there, the server's German message on a refusal, the fallback text when the network fails, and
 * an answer for an input no longer current is never shown.
 */
import React from "react";
import { act, render, screen } from "@testing-library/react";
import { OWNER_API } from "../../common/owner/api";
import { useLoad } from "../../src/owner/use-load";
import { Loading } from "../../src/owner/ui";

function Visits({ days }: { days: "30" | "90" }) {
  const { data, error, loading } = useLoad(OWNER_API.visits, { query: { tage: days } });
  if (loading) return <Loading />;
  if (error) return <p role="alert">{error}</p>;
  return <p>{data!.from}</p>;
}

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });

test("shows <Loading/> until the answer is there, then the answer", async () => {
  let resolve: (value: unknown) => void = () => undefined;
  global.fetch = jest.fn(() => new Promise((done) => (resolve = done))) as unknown as typeof fetch;
  render(<Visits days="30" />);
  expect(screen.getByRole("status")).toHaveTextContent("Wird geladen …");
  await act(async () => resolve(answer(200, { from: "2026-11-05" })));
  expect(screen.getByText("2026-11-05")).toBeInTheDocument();
  expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe("/api/verwaltung/besucher?tage=30");
});

test("shows the server's German message, or the fallback when the network fails", async () => {
  global.fetch = jest.fn(async () =>
    answer(400, { error: "Diesen Zeitraum gibt es nicht: wähle 30 oder 90 Tage." }),
  ) as unknown as typeof fetch;
  const { unmount } = render(<Visits days="30" />);
  expect((await screen.findByRole("alert")).textContent).toBe("Diesen Zeitraum gibt es nicht: wähle 30 oder 90 Tage.");
  unmount();
  global.fetch = jest.fn(async () => {
    throw new TypeError("Failed to fetch");
  }) as unknown as typeof fetch;
  render(<Visits days="30" />);
  expect((await screen.findByRole("alert")).textContent).toBe(
    "Das hat leider nicht geklappt. Bitte prüfe deine Verbindung und versuche es noch einmal.",
  );
});

test("drops an answer for an input no longer current", async () => {
  const pending: Record<string, (value: unknown) => void> = {};
  global.fetch = jest.fn(
    (url: string) => new Promise((done) => (pending[new URL(url, "http://localhost").searchParams.get("tage")!] = done)),
  ) as unknown as typeof fetch;
  const { rerender } = render(<Visits days="30" />);
  rerender(<Visits days="90" />);
  await act(async () => pending["90"]!(answer(200, { from: "neunzig" })));
  await act(async () => pending["30"]!(answer(200, { from: "dreißig" })));
  expect(screen.getByText("neunzig")).toBeInTheDocument();
  expect(screen.queryByText("dreißig")).not.toBeInTheDocument();
});
