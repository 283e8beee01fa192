/** The legal pages' title fits its longest word on a narrow screen instead of breaking it without a hyphen. */
import React from "react";
import { render, screen } from "@testing-library/react";
import { PageHeading, longestWord } from "../src/components/PageHeading";

describe("PageHeading", () => {
  it("counts the letters of the title's longest word", () => {
    expect(longestWord("Datenschutzerklärung")).toBe(20);
    expect(longestWord("Verarbeitung personenbezogener Daten")).toBe(17);
    expect(longestWord("Impressum")).toBe(9);
  });

  it("gives the heading the width its longest word needs, in em, for the narrow-screen size", () => {
    render(<PageHeading kicker="Rechtliches" title="Allgemeine Geschäftsbedingungen" />);
    const heading = screen.getByRole("heading", { level: 1, name: "Allgemeine Geschäftsbedingungen" });
    expect(heading.style.getPropertyValue("--title-fit")).toBe("12");
    expect(heading.className).toContain("var(--title-fit)");
    expect(heading.className).toContain("sm:text-5xl");
  });
});
