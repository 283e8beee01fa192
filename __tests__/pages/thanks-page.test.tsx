import React from "react";
import { render, screen, within } from "@testing-library/react";
import ThankYouPage from "../../src/pages/danke-willkommen";
import { provideStaticQueries, readContent, recordScrolling } from "./support";
import { fillCopy } from "../../src/components/sections/fill-copy";
import { THANKS_LINK_TARGETS } from "../../common/content/content-schema";

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
    const { site, copy } = renderThanks();
    const filled = fillCopy(copy, site);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(filled.hero.title);
    const steps = within(screen.getByRole("region", { name: filled.steps.title })).getAllByRole("listitem");
    expect(steps).toHaveLength(filled.steps.items.length);
    // The wording is the editors': each step shows its title and its text, placeholders filled.
    filled.steps.items.forEach((item: { title: string; text: string }, index: number) => {
      expect(steps[index]).toHaveTextContent(item.title);
      expect(steps[index]).toHaveTextContent(item.text.replace(/\s+/g, " "));
    });
    // The promise's figure comes from site.json.
    expect(steps[1]).toHaveTextContent(`${site.replyWithinHours} Stunden`);
    expect(document.body.textContent).not.toMatch(/\{\{/);
  });

  it("links to the movement, nutrition and recipes pages and home", () => {
    recordScrolling();
    const { copy } = renderThanks();
    const links = within(screen.getByRole("region", { name: copy.links.title })).getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(THANKS_LINK_TARGETS);
  });
});
