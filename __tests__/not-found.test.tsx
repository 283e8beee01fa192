import React from "react";
import { render, screen } from "@testing-library/react";
import type { PageProps } from "gatsby";
import NotFoundPage from "../src/pages/404";
import { provideStaticQueries } from "./support/content";

describe("Not-found page", () => {
  it("shows 404 and 'Oops! Page not found' with a link home, and logs the attempted path", () => {
    provideStaticQueries();
    const log = jest.spyOn(console, "error").mockImplementation(() => {});
    const props = { location: { pathname: "/gibt-es-nicht" } } as unknown as PageProps;
    render(<NotFoundPage {...props} />);
    expect(screen.getByText("404")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Oops! Page not found");
    expect(screen.getByRole("link", { name: "Zurück zur Startseite" })).toHaveAttribute("href", "/");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("404"), "/gibt-es-nicht");
    log.mockRestore();
  });
});
