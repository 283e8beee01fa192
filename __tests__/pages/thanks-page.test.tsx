import React from "react";
import { render, screen, within } from "@testing-library/react";
import ThankYouPage from "../../src/pages/danke-willkommen";
import { provideStaticQueries, readContent, recordScrolling } from "./support";

function renderThanks() {
  const { site } = provideStaticQueries();
  render(<ThankYouPage {...({ data: { thanksPageCopy: readContent("pages/danke-willkommen.json") } } as any)} />);
  return { site, copy: readContent<any>("pages/danke-willkommen.json") };
}

describe("thank-you page", () => {
  it("scrolls to the top when it opens", () => {
    const { scrollTo } = recordScrolling();
    renderThanks();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
  });

  it("says the request arrived, a confirmation e-mail follows (check spam), details within 24 hours, and access to recipes and tips", () => {
    recordScrolling();
    const { site } = renderThanks();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Deine Anfrage ist angekommen");
    const steps = within(screen.getByRole("region", { name: "So geht es weiter" })).getAllByRole("listitem");
    expect(steps[0]).toHaveTextContent("Bestätigung per E-Mail");
    expect(steps[0]).toHaveTextContent("Spam-Ordner");
    // The promise's figure comes from site.json; the wording is the editors'.
    expect(steps[1]).toHaveTextContent(`${site.replyWithinHours} Stunden`);
    expect(steps[1].textContent).not.toMatch(/\{\{/);
    expect(steps[2]).toHaveTextContent(/Rezepte.*Bewegungstipps.*Zugang/);
  });

  it("links to the movement, nutrition and recipes pages and home", () => {
    recordScrolling();
    const { copy } = renderThanks();
    const links = within(screen.getByRole("region", { name: copy.links.title })).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/bewegung-alltag",
      "/ernaehrung-traditionell",
      "/gesunde-rezepte",
      "/",
    ]);
  });
});
