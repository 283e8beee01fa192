import React from "react";
import { act, render, screen, within } from "@testing-library/react";
import { Footer } from "../src/components/Footer";
import { provideStaticQueries } from "./support/content";

describe("Footer", () => {
  afterEach(() => jest.useRealTimers());

  it("has the brand blurb, the four quick links and the five legal links", () => {
    const site = provideStaticQueries();
    render(<Footer />);
    expect(screen.getByText(site.blurb)).toBeInTheDocument();
    const quick = within(screen.getByRole("navigation", { name: "Schnellzugriff" })).getAllByRole("link");
    expect(quick.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Startseite", "/"],
      ["Bewegung im Alltag", "/bewegung-alltag"],
      ["Traditionelle Ernährung", "/ernaehrung-traditionell"],
      ["Gesunde Rezepte", "/gesunde-rezepte"],
    ]);
    const legal = within(screen.getByRole("navigation", { name: "Rechtliches" })).getAllByRole("link");
    expect(legal.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Datenschutzerklärung", "/datenschutz"],
      ["Verarbeitung personenbezogener Daten", "/personenbezogene-daten"],
      ["AGB", "/agb"],
      ["Impressum", "/impressum"],
      ["Barrierefreiheit", "/barrierefreiheit"],
    ]);
  });

  it("shows the current year in the copyright line, not the build year", async () => {
    jest.useFakeTimers({ now: new Date("2031-03-15T10:00:00Z") });
    const site = provideStaticQueries("2026-11-21");
    await act(async () => {
      render(<Footer />);
    });
    expect(screen.getByText(`© 2031 ${site.legal.company}. Alle Rechte vorbehalten.`)).toBeInTheDocument();
  });
});
