/**
 * The owner area's router: plain clicks on owner links change the address without a page load, back
 * works, and everything else (other paths, modifier clicks, downloads, new tabs) stays with the browser.
 */
import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { Link, navigate, usePathname } from "../../src/owner/router";

function Probe() {
  const pathname = usePathname();
  return (
    <div>
      <p data-testid="path">{pathname}</p>
      <main id="verwaltung-inhalt" tabIndex={-1}>
        <Link to="/verwaltung/anfragen">Anfragen</Link>
        <a href="/api/verwaltung/leads/export.csv">CSV</a>
        <a href="/verwaltung/leads" download>
          Herunterladen
        </a>
        <a href="/verwaltung/person" target="_blank">
          Neuer Tab
        </a>
        <a href="/impressum">Impressum</a>
      </main>
    </div>
  );
}

/** Clicks like a person and tells whether the router took the click (else the browser would load the page). */
function click(name: string, options: MouseEventInit = {}): boolean {
  const link = screen.getByText(name);
  const notCancelled = fireEvent.click(link, { button: 0, ...options });
  return !notCancelled;
}

// jsdom lays out nothing, so it has no scrolling.
beforeAll(() => {
  window.scrollTo = jest.fn();
});
beforeEach(() => window.history.replaceState(null, "", "/verwaltung"));

test("a plain click on an owner link navigates in the page, and back returns", () => {
  render(<Probe />);
  expect(screen.getByTestId("path")).toHaveTextContent(/^\/verwaltung$/);
  const length = window.history.length;
  expect(click("Anfragen")).toBe(true);
  expect(window.location.pathname).toBe("/verwaltung/anfragen");
  expect(screen.getByTestId("path")).toHaveTextContent("/verwaltung/anfragen");
  expect(window.history.length).toBe(length + 1);

  act(() => {
    window.history.replaceState(null, "", "/verwaltung");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  expect(screen.getByTestId("path")).toHaveTextContent(/^\/verwaltung$/);
});

test("other paths, downloads, new tabs and modifier clicks are left to the browser", () => {
  render(<Probe />);
  expect(click("CSV")).toBe(false);
  expect(click("Herunterladen")).toBe(false);
  expect(click("Neuer Tab")).toBe(false);
  expect(click("Impressum")).toBe(false);
  expect(click("Anfragen", { ctrlKey: true })).toBe(false);
  expect(click("Anfragen", { metaKey: true })).toBe(false);
  expect(click("Anfragen", { button: 1 })).toBe(false);
  expect(window.location.pathname).toBe("/verwaltung");
});

test("navigate with replace changes the address without a new history entry", () => {
  render(<Probe />);
  const length = window.history.length;
  act(() => navigate("/verwaltung/anmelden", { replace: true }));
  expect(window.location.pathname).toBe("/verwaltung/anmelden");
  expect(screen.getByTestId("path")).toHaveTextContent("/verwaltung/anmelden");
  expect(window.history.length).toBe(length);
});
