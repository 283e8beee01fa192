import React from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import HomePage, { Head } from "../../src/pages/index";
import { FORM_ENDPOINTS } from "../../common/forms/schemas";
import { HOME_TESTIMONIAL_COUNT, INFO_FORM_ID, TESTIMONIAL_COUNT } from "../../common/constants";
import { provideStaticQueries, readContent, recordScrolling, testimonials, withImages } from "./support";

function renderHome() {
  const { site, notices } = provideStaticQueries();
  const all = testimonials();
  const data = {
    homePageCopy: withImages(readContent("pages/home.json"), "pages/home.json"),
    allTestimonial: { nodes: all },
  };
  render(<HomePage {...({ data } as any)} />);
  return { site, notices, all, copy: readContent<any>("pages/home.json") };
}

describe("home page", () => {
  beforeEach(() => recordScrolling());

  it("is titled with the brand and what the programme is about, and described by the site's description", () => {
    const { site } = provideStaticQueries();
    const data = { homePageCopy: readContent("pages/home.json") };
    const { container } = render(<Head {...({ data, location: { pathname: "/" } } as any)} />);
    expect(container.querySelector("title")).toHaveTextContent(/^Urkraft – Bewegung und traditionelle Küche für Männer$/);
    expect(container.querySelector('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Urkraft – Bewegung und traditionelle Küche für Männer",
    );
    expect(container.querySelector('meta[name="description"]')).toHaveAttribute("content", site.description);
  });

  it("has the hero headline, the lead and the call to action", () => {
    const { copy } = renderHome();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(copy.hero.title);
    expect(screen.getByText(copy.hero.lead)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: copy.heroButton })).toHaveAttribute("href", `#${INFO_FORM_ID}`);
    expect(screen.getByRole("img", { name: copy.hero.imageAlt })).toHaveAttribute("width", "720");
  });

  it("shows „über 15.000 zufriedene Teilnehmer“ with the basis of the figure", () => {
    const { site } = renderHome();
    expect(site.stats.users).toBe(15000);
    expect(screen.getByText(/über 15\.000/).closest("p")).toHaveTextContent("über 15.000 zufriedene Teilnehmer");
    expect(screen.getByText(site.stats.usersBasis)).toBeInTheDocument();
  });

  it("shows the week-two figure beside the badge and refers to the results after three months on the nutrition page", () => {
    const { copy } = renderHome();
    const badge = screen.getByText(/über 15\.000/);
    const story = screen.getByRole("heading", { name: copy.story.title });
    const region = screen.getByRole("region", { name: copy.results.title });
    expect(badge.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(region.compareDocumentPosition(story) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Only the week-two figure here, with a no-break space between number and per cent sign; the three
    // results after three months stand on the nutrition page, where the link leads.
    expect(screen.getAllByText(/^\d+\u00a0%$/, { normalizer: (text) => text }).map((e) => e.textContent)).toEqual(["78\u00a0%"]);
    expect(within(region).getByText(copy.results.reference, { exact: false })).toBeInTheDocument();
    expect(within(region).getByRole("link", { name: copy.results.referenceLink.label })).toHaveAttribute(
      "href",
      "/ernaehrung-traditionell#ergebnisse",
    );
  });

  it("claims the spec's 78 % improvement in week two, in the editors' words, with its basis", () => {
    const { site, copy } = renderHome();
    expect(site.stats.weekTwoPercent).toBe(78);
    const claim = screen.getByText(copy.results.weekTwoLabel).closest("p")!;
    expect(claim).toHaveTextContent(`78 % ${copy.results.weekTwoLabel}`);
    expect(screen.getByText(`${copy.results.basisLabel}: ${site.stats.weekTwoBasis}`)).toBeInTheDocument();
  });

  it(`shows the first ${HOME_TESTIMONIAL_COUNT} of the ${TESTIMONIAL_COUNT} testimonials with name, place, stars, text and German date`, () => {
    const { all, notices } = renderHome();
    expect(all).toHaveLength(TESTIMONIAL_COUNT);
    const section = screen.getByRole("region", { name: readContent<any>("pages/home.json").testimonials.title });
    const cards = within(section).getAllByRole("figure");
    expect(cards).toHaveLength(HOME_TESTIMONIAL_COUNT);
    all.slice(0, HOME_TESTIMONIAL_COUNT).forEach((t, index) => {
      const card = within(cards[index]);
      expect(card.getByText(t.name)).toBeInTheDocument();
      expect(cards[index]).toHaveTextContent(`${t.location} · ${t.dateFormatted}`);
      expect(card.getByRole("img", { name: "5 von 5 Sternen" })).toBeInTheDocument();
      expect(cards[index]).toHaveTextContent(t.text);
      expect(t.dateFormatted).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    });
    expect(within(section).queryByText(all[TESTIMONIAL_COUNT - 1].name)).not.toBeInTheDocument();
    expect(within(section).getByText(notices.testimonialCheck)).toBeInTheDocument();
  });

  it("has the lead form inside the #info-form section", () => {
    renderHome();
    const section = document.getElementById(INFO_FORM_ID)!;
    expect(section.tagName).toBe("SECTION");
    expect(within(section).getByRole("form")).toHaveAttribute("action", FORM_ENDPOINTS.lead);
    expect(within(section).getByRole("heading", { level: 2 })).toHaveTextContent(readContent<any>("pages/home.json").form.title);
  });

  it("fills the reply time from site.json into the copy", () => {
    const { site } = renderHome();
    expect(document.body).toHaveTextContent(`${site.replyWithinHours} Stunden`);
    expect(document.body.textContent).not.toContain("{{");
  });

  it("carries the disclaimer", () => {
    const { notices } = renderHome();
    expect(notices.disclaimer).toBe("Ergebnisse sind individuell verschieden. Die Inhalte ersetzen keine ärztliche Beratung.");
    expect(screen.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toHaveTextContent(notices.disclaimer);
  });

  it("scrolls smoothly to the form on the call to action and stays on the page", () => {
    const { scrollIntoView } = recordScrolling(false);
    const { copy } = renderHome();
    const link = screen.getByRole("link", { name: copy.heroButton });
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(INFO_FORM_ID));
    expect(document.activeElement).toBe(document.getElementById(INFO_FORM_ID));
  });

  it("jumps without animation when the visitor asks for reduced motion", () => {
    const { scrollIntoView } = recordScrolling(true);
    const { copy } = renderHome();
    fireEvent.click(screen.getByRole("link", { name: copy.heroButton }));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: "auto", block: "start" });
  });
});

describe("home page opened at /#info-form", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("lands at the form at once, whatever scroll position the previous page left", () => {
    const { scrollIntoView } = recordScrolling();
    window.history.replaceState(null, "", `/#${INFO_FORM_ID}`);
    renderHome();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: "start" });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(INFO_FORM_ID));
  });

  it("stays where it is when opened without the anchor", () => {
    const { scrollIntoView } = recordScrolling();
    renderHome();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
