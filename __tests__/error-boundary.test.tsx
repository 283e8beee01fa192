import React from "react";
import { render, screen } from "@testing-library/react";
import { ErrorBoundary } from "../src/components/ErrorBoundary";

function Broken(): React.ReactElement {
  throw new Error("Rezept konnte nicht geladen werden");
}

describe("ErrorBoundary", () => {
  it("shows 'Unexpected Application Error!' followed by the error text", () => {
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Unexpected Application Error!");
    expect(alert).toHaveTextContent("Rezept konnte nicht geladen werden");
    log.mockRestore();
  });

  it("renders its children when nothing fails", () => {
    render(
      <ErrorBoundary>
        <p>Alles gut</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("Alles gut")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
