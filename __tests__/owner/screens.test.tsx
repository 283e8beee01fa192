/**
 * The owner area's screen table (src/owner/screens.tsx) drives the router and both menus: owners see every
 * screen, editors land on „Inhalte“ and see „Nicht dein Bereich“ everywhere else but their passkeys, unknown
 * paths answer as before, and a request's own page gets its number from the path.
 */
import React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import { OwnerApp } from "../../src/owner/OwnerApp";
import { menuFor, screenFor, START } from "../../src/owner/screens";

const session = (role: "owner" | "editor") => ({
  email: role === "owner" ? "inhaber@beispiel.de" : "redaktion@beispiel.de",
  role,
  method: "link",
  createdAt: "2026-12-01T08:00:00.000Z",
  expiresAt: "2026-12-01T20:00:00.000Z",
  confirmedUntil: "2026-12-01T08:15:00.000Z",
  recent: false,
});

let calls: string[];
function serve(role: "owner" | "editor") {
  calls = [];
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const path = new URL(String(url), "http://localhost").pathname;
    calls.push(path);
    if (path === "/api/verwaltung/sitzung") return { ok: true, status: 200, json: async () => session(role) };
    if (path === "/api/verwaltung/inhalte")
      return { ok: true, status: 200, json: async () => ({ files: [], publishing: { to: "deploy" } }) };
    return { ok: false, status: 404, json: async () => ({ error: "Diese Adresse gibt es in der Verwaltung nicht." }) };
  }) as unknown as typeof fetch;
}

test("the menus: every labelled screen for owners, „Inhalte“ alone for editors", () => {
  expect(menuFor("owner").map((item) => item.label)).toEqual([
    "Übersicht",
    "Anfragen",
    "Anmeldungen",
    "Besucher",
    "Experimente",
    "Newsletter",
    "Inhalte",
    "Person",
    "Protokoll",
    "Webhooks",
    "Sicherheit",
  ]);
  expect(menuFor("editor")).toEqual([{ path: "/verwaltung/inhalte", label: "Inhalte" }]);
});

test("paths and patterns: a request's number, everything under „Inhalte“, the login without a session", () => {
  expect(screenFor("/verwaltung/anfragen/42", "owner")?.params).toEqual({ id: "42" });
  expect(screenFor("/verwaltung/anfragen/42/mehr", "owner")).toBeUndefined();
  expect(screenFor("/verwaltung/inhalte/legal/agb.md", "editor")?.screen.label).toBe("Inhalte");
  expect(screenFor("/verwaltung/inhalte", "owner")?.screen.label).toBe("Inhalte");
  expect(screenFor("/verwaltung/inhaltex", "owner")).toBeUndefined();
  expect(screenFor("/verwaltung/leads", "editor")).toBeUndefined();
  expect(screenFor("/verwaltung/sicherheit", "editor")?.screen.label).toBe("Sicherheit");
  expect(screenFor("/verwaltung/anmelden", undefined)?.screen.who).toBe("public");
  expect(screenFor("/verwaltung", undefined)).toBeUndefined();
  expect(START).toEqual({ owner: "/verwaltung", editor: "/verwaltung/inhalte" });
});

test("an editor opening the area lands on „Inhalte“", async () => {
  serve("editor");
  render(<OwnerApp pathname="/verwaltung" />);
  expect(await screen.findByRole("heading", { name: "Inhalte" })).toBeInTheDocument();
  expect(screen.getAllByRole("link", { name: "Inhalte" })[0]).toHaveAttribute("aria-current", "page");
  expect(calls).toContain("/api/verwaltung/inhalte");
});

test("an editor elsewhere, even on an unknown path, reads „Nicht dein Bereich“", async () => {
  serve("editor");
  const { unmount } = render(<OwnerApp pathname="/verwaltung/leads" />);
  expect(await screen.findByRole("heading", { name: "Nicht dein Bereich" })).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Zu den Inhalten" })).toHaveAttribute("href", "/verwaltung/inhalte");
  unmount();
  render(<OwnerApp pathname="/verwaltung/gibt-es-nicht" />);
  expect(await screen.findByRole("heading", { name: "Nicht dein Bereich" })).toBeInTheDocument();
});

test("an owner on an unknown path reads that it does not exist", async () => {
  serve("owner");
  render(<OwnerApp pathname="/verwaltung/gibt-es-nicht/" />);
  expect(await screen.findByText(/Diese Seite gibt es in der Verwaltung nicht\./)).toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Zur Übersicht" })).toHaveAttribute("href", "/verwaltung");
  await waitFor(() => expect(screen.getAllByRole("link", { name: "Webhooks" }).length).toBeGreaterThan(0));
});
