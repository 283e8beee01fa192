import React from "react";
import { render, screen, within } from "@testing-library/react";
import NutritionPage from "../../src/pages/ernaehrung-traditionell";
import { INFO_FORM_ID, PRINCIPLE_COUNT } from "../../common/constants";
import { provideStaticQueries, readContent, recipes, recordScrolling, testimonials, withImages } from "./support";

interface Principle {
  title: string;
  description: string;
  icon: string;
}
interface Result {
  percent: number;
  label: string;
  question: string;
}

function renderNutrition() {
  const { site, notices } = provideStaticQueries();
  const principles = readContent<Principle[]>("principles.json");
  const drink = recipes().find((r) => r.category === "Drink")!;
  const data = {
    nutritionPageCopy: withImages(readContent("pages/ernaehrung-traditionell.json"), "pages/ernaehrung-traditionell.json"),
    allPrinciple: { nodes: principles },
    allResult: { nodes: readContent<Result[]>("results.json") },
    recipe: drink,
    allTestimonial: { nodes: testimonials().filter((t) => t.topic === "ernaehrung") },
  };
  render(<NutritionPage {...({ data } as any)} />);
  return { site, notices, principles, drink, copy: readContent<any>("pages/ernaehrung-traditionell.json") };
}

describe("nutrition page", () => {
  beforeEach(() => recordScrolling());

  it(`shows the ${PRINCIPLE_COUNT} principles with title, description and icon`, () => {
    const { principles, copy } = renderNutrition();
    const section = screen.getByRole("region", { name: copy.principles.title });
    const cards = within(section).getAllByRole("article");
    expect(cards).toHaveLength(PRINCIPLE_COUNT);
    cards.forEach((card, index) => {
      expect(within(card).getByRole("heading", { level: 3 })).toHaveTextContent(principles[index].title);
      expect(card).toHaveTextContent(principles[index].description);
      expect(card.querySelector("use")).toHaveAttribute("href", `/icons/sections.svg#${principles[index].icon}`);
    });
  });

  it("shows the results 85 %, 92 % and 88 % after the principles, each with what participants do and its question, and one basis under all three", () => {
    const { copy } = renderNutrition();
    const results = readContent<Result[]>("results.json");
    expect(results.map((r) => r.percent)).toEqual([85, 92, 88]);
    const principles = screen.getByRole("region", { name: copy.principles.title });
    const section = screen.getByRole("region", { name: copy.results.title });
    const drink = screen.getByRole("region", { name: copy.drink.title });
    expect(principles.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section.compareDocumentPosition(drink) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(section).toHaveAttribute("id", "ergebnisse");
    // German typesetting: a no-break space between number and per cent sign; the week-two figure is the home page's.
    expect(screen.getAllByText(/^\d+\u00a0%$/, { normalizer: (text) => text }).map((e) => e.textContent)).toEqual([
      "85\u00a0%",
      "92\u00a0%",
      "88\u00a0%",
    ]);
    const items = within(within(section).getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    items.forEach((item, index) => {
      const [figure, question] = Array.from(item.querySelectorAll("p"));
      expect(figure).toHaveTextContent(`${results[index].percent} % ${results[index].label}`);
      expect(question).toHaveTextContent(`Frage: „${results[index].question}“`);
      expect(item).not.toHaveTextContent(copy.results.basis);
      // What participants do, never an effect on the body beside food and a drink (HCVO Art. 10).
      expect(item.textContent).not.toMatch(/Energie|schlaf|Ausdauer/i);
    });
    // One survey behind all three: its basis once, under the cards.
    expect(within(section).getAllByText(new RegExp(copy.results.basisLabel))).toHaveLength(1);
    expect(within(section).getByText(`${copy.results.basisLabel}: ${copy.results.basis}`)).toBeInTheDocument();
    expect(copy.results.basisLabel).toBe("Grundlage aller drei Werte");
  });

  it("has the energy-drink recipe with ingredients, steps and that it is caffeine-free", () => {
    const { drink, notices, copy } = renderNutrition();
    const section = screen.getByRole("region", { name: copy.drink.title });
    expect(within(section).getByRole("heading", { name: drink.title })).toBeInTheDocument();
    for (const ingredient of drink.ingredients) expect(within(section).getByText(ingredient)).toBeInTheDocument();
    for (const step of drink.steps) expect(within(section).getByText(step)).toBeInTheDocument();
    expect(drink.caffeineMgPerLitre).toBe(0);
    expect(within(section).queryByText(/Koffeinfrei/)).not.toBeInTheDocument();
    expect(within(section).queryByText(new RegExp(notices.caffeineWarning))).not.toBeInTheDocument();
    expect(within(section).getByRole("img", { name: drink.imageAlt })).toBeInTheDocument();
  });

  it("compares a day before and after, row by row", () => {
    const { copy } = renderNutrition();
    const table = screen.getByRole("table", { name: copy.comparison.title });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(copy.comparison.rows.length);
    rows.forEach((row, index) => {
      const { topic, before, after } = copy.comparison.rows[index];
      expect(within(row).getByRole("rowheader")).toHaveTextContent(topic);
      expect(
        within(row)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ).toEqual([before, after]);
    });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual([copy.comparison.topicLabel, copy.comparison.beforeLabel, copy.comparison.afterLabel]);
  });

  it("shows the nutrition testimonials, a call to action to /#info-form and the disclaimer", () => {
    const { notices, copy } = renderNutrition();
    const section = screen.getByRole("region", { name: copy.testimonials.title });
    expect(within(section).getAllByRole("figure").length).toBeGreaterThanOrEqual(2);
    for (const cta of screen.getAllByRole("link", { name: new RegExp(copy.cta.button) }))
      expect(cta).toHaveAttribute("href", `/#${INFO_FORM_ID}`);
    expect(screen.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toHaveTextContent(notices.disclaimer);
  });
});
