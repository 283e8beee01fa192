/**
 * „Abmelden“ leaves nothing of „Inhalte“ in the browser: the copies of changes kept while offline
 * (src/owner/content/local-copies.ts) are removed, other entries of the storage stay.
 */
import React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { OwnerLayout } from "../../src/owner/OwnerLayout";
import { readLocal, writeLocal } from "../../src/owner/content/local-copies";

describe("logout", () => {
  afterEach(() => {
    window.localStorage.clear();
    jest.restoreAllMocks();
  });

  it("clears the browser's copies of unsent changes, and only those", async () => {
    writeLocal("site.json", { data: { phone: "+49 89 1" }, baseCommit: "abc", savedAt: "2026-12-01T10:00:00Z" });
    writeLocal("legal/agb.md", { data: { body: "Neu" }, baseCommit: "abc", savedAt: "2026-12-01T10:00:00Z" });
    window.localStorage.setItem("etwas-anderes", "bleibt");
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({}) }));
    global.fetch = fetchMock as unknown as typeof fetch;
    // jsdom has no scrolling; the router scrolls to the top of the login page.
    jest.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    render(
      <OwnerLayout session={{ email: "eva@urkraft-test.de", role: "editor" } as never} path="/verwaltung/inhalte">
        <p>Inhalt</p>
      </OwnerLayout>,
    );
    await userEvent.click(screen.getAllByRole("button", { name: "Abmelden" })[0]!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(readLocal("site.json")).toBeUndefined());
    expect(readLocal("legal/agb.md")).toBeUndefined();
    expect(window.localStorage.getItem("etwas-anderes")).toBe("bleibt");
  });
});
