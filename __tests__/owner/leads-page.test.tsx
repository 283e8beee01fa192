/**
 * The „Anmeldungen“ screen keeps to the filter chosen last: an answer for a filter chosen before (still on its
 * way when the owner clicked another) never fills the list. Otherwise a slow first page of „Alle“ would show
 * confirmed addresses under „Bestätigt“ while the screen asks to confirm the login for them.
 */
import React from "react";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LeadsPage } from "../../src/owner/pages/LeadsPage";

const lead = (id: number, email: string, status: string) => ({
  id,
  email,
  name: email.split("@")[0],
  status,
  formPage: "/",
  createdAt: "2026-11-20T08:00:00.000Z",
  confirmedAt: status === "confirmed" ? "2026-11-20T09:00:00.000Z" : null,
  unsubscribedAt: null,
  undeliverableAt: null,
  consents: [],
});

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });

test("an answer for the filter chosen before does not fill the list of the one chosen last", async () => {
  let answerAll: (() => void) | undefined;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const address = new URL(String(url), "http://localhost");
    if (address.pathname.endsWith("/newsletter")) return answer(200, { perMonth: 2 });
    const status = address.searchParams.get("status");
    if (status === "alle")
      // The first page of „Alle“ is slow: it arrives after the owner chose „Unbestätigt“.
      return new Promise((resolve) => {
        answerAll = () => resolve(answer(200, { leads: [lead(1, "rita.bestaetigt@beispiel.de", "confirmed")], next: null }));
      });
    return answer(200, { leads: [lead(2, "paul.offen@beispiel.de", "pending")], next: null });
  }) as unknown as typeof fetch;

  const user = userEvent.setup();
  render(<LeadsPage />);
  await user.click(screen.getByRole("button", { name: "Unbestätigt" }));
  expect(await screen.findByText("paul.offen@beispiel.de")).toBeInTheDocument();

  await act(async () => {
    answerAll!();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(screen.queryByText("rita.bestaetigt@beispiel.de")).not.toBeInTheDocument();
  expect(screen.getByText("paul.offen@beispiel.de")).toBeInTheDocument();
});
