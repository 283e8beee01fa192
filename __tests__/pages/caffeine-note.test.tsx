import React from "react";
import { render, screen } from "@testing-library/react";
import { CaffeineNote } from "../../src/components/cards/CaffeineNote";
import { readContent } from "./support";

const { caffeineWarning } = readContent<{ caffeineWarning: string }>("notices.json");
const note = (mgPerLitre: number | null | undefined) =>
  render(<CaffeineNote mgPerLitre={mgPerLitre} warning={caffeineWarning} />);

describe("caffeine note", () => {
  it("carries the mandatory notice with the content per 100 ml above 150 mg/l", () => {
    note(320);
    expect(caffeineWarning).toBe("Erhöhter Koffeingehalt. Für Kinder und schwangere oder stillende Frauen nicht empfohlen.");
    expect(screen.getByText(`${caffeineWarning} (32 mg/100 ml)`)).toBeInTheDocument();
  });

  it("writes a decimal comma for fractions of a milligram", () => {
    note(155);
    expect(screen.getByText(`${caffeineWarning} (15,5 mg/100 ml)`)).toBeInTheDocument();
  });

  it("needs no notice at exactly 150 mg/l or below", () => {
    const { container } = note(150);
    expect(container).toBeEmptyDOMElement();
  });

  it("advertises nothing self-evident for a caffeine-free drink: no box at 0 mg", () => {
    expect(note(0).container).toBeEmptyDOMElement();
  });

  it("shows nothing for food that is not a drink", () => {
    expect(note(null).container).toBeEmptyDOMElement();
  });
});
