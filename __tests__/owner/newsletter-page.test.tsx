/**
 * The Newsletter screen with the keyboard and for screen readers: every field has its label and hint, the
 * preview frames and the plain text are named, the list's table has headers, and axe finds nothing. The
 * server's answers are those of the owner API (server/routes/owner/newsletters.ts).
 */
import React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { NewsletterPage } from "../../src/owner/pages/NewsletterPage";

const LIST = {
  perMonth: 2,
  timeZone: "Europe/Berlin",
  newsletters: [
    {
      id: 1,
      subject: "Winterrezepte",
      status: "scheduled",
      statusLabel: "geplant",
      sendAt: "2030-03-31T08:00:00.000Z",
      figures: { recipients: 0, sent: 0, waiting: 0, failed: 0, undeliverable: 0, cancelled: 0, unsubscribed: 0 },
    },
  ],
};
const PREVIEW = {
  subject: "Neu",
  html: '<!DOCTYPE html><html lang="de"><body><p>Hallo</p></body></html>',
  text: "Hallo Vorname,\n",
};

beforeEach(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    const body = String(url).endsWith("/vorschau") ? PREVIEW : LIST;
    return { ok: true, status: 200, json: async () => body };
  }) as unknown as typeof fetch;
});

test("fields, preview and list work with the keyboard and are named for screen readers", async () => {
  const user = userEvent.setup();
  const { container } = render(<NewsletterPage />);
  await screen.findByRole("cell", { name: "geplant" });
  expect(screen.getByRole("heading", { level: 1, name: "Newsletter" })).toBeInTheDocument();
  expect(screen.getByText(/höchstens zwei im Kalendermonat/)).toBeInTheDocument();
  // What the consent covers, and what not, stands above the text field.
  expect(screen.getByText(/Nicht erlaubt: Angebote für Getränke oder andere Produkte/)).toBeInTheDocument();

  await user.tab();
  expect(screen.getByRole("textbox", { name: "Betreff" })).toHaveFocus();
  await user.keyboard("Neu");
  await user.tab();
  expect(screen.getByRole("textbox", { name: "Vorschauzeile (optional)" })).toHaveFocus();
  expect(screen.getByRole("textbox", { name: "Vorschauzeile (optional)" })).toHaveAccessibleDescription(/neben dem Betreff/);
  await user.tab();
  const text = screen.getByRole("textbox", { name: "Text" });
  expect(text).toHaveFocus();
  expect(text).toHaveAccessibleDescription(/Abmeldelink und Impressum kommen von selbst darunter/);
  await user.keyboard("Hallo {{{{name}}");
  await user.tab();
  expect(screen.getByRole("button", { name: "Vorschau zeigen" })).toHaveFocus();
  await user.keyboard("{Enter}");

  expect(await screen.findByTitle("Vorschau als HTML, 375 Pixel breit")).toHaveAttribute("sandbox", "");
  expect(screen.getByTitle("Vorschau als HTML, 1280 Pixel breit")).toHaveAttribute("width", "1280");
  expect(screen.getByText("Hallo Vorname,")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Jetzt an alle senden" })).toBeEnabled();
  expect(screen.getByLabelText("Oder planen (Zeit in Deutschland)")).toHaveAttribute("type", "datetime-local");
  expect(screen.getByRole("button", { name: "Planen" })).toBeDisabled();
  expect(screen.getByRole("button", { name: /^Absagen\W+Winterrezepte$/ })).toBeInTheDocument();
  expect(screen.getByRole("columnheader", { name: "unzustellbar" })).toBeInTheDocument();
  expect(screen.getByRole("rowheader", { name: "Winterrezepte" })).toBeInTheDocument();

  const fetchMock = global.fetch as jest.Mock;
  const previewCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/vorschau"));
  expect(JSON.parse(String(previewCall[1].body))).toEqual({ subject: "Neu", preheader: "", body: "Hallo {{name}}" });

  await waitFor(async () => {
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
