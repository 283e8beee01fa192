import React from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import RecipesPage from "../../src/pages/gesunde-rezepte";
import { INFO_FORM_ID, RECIPE_COUNT } from "../../common/constants";
import { provideStaticQueries, readContent, recipes, recordScrolling, withImages } from "./support";

function renderRecipes() {
  const { notices } = provideStaticQueries();
  const all = recipes();
  const data = {
    recipesPageCopy: withImages(readContent("pages/gesunde-rezepte.json"), "pages/gesunde-rezepte.json"),
    allRecipe: { nodes: all },
  };
  render(<RecipesPage {...({ data } as any)} />);
  return { notices, all, copy: readContent<any>("pages/gesunde-rezepte.json") };
}

describe("recipes page", () => {
  beforeEach(() => recordScrolling());

  it(`shows a grid of ${RECIPE_COUNT} recipe cards with title, ingredients, time, benefit and image`, () => {
    const { all, copy } = renderRecipes();
    const grid = screen.getByRole("region", { name: copy.grid.title });
    const cards = within(grid).getAllByRole("article");
    expect(cards).toHaveLength(RECIPE_COUNT);
    cards.forEach((card, index) => {
      const recipe = all[index];
      const inCard = within(card);
      expect(inCard.getByRole("heading", { level: 3 })).toHaveTextContent(recipe.title);
      expect(card).toHaveTextContent(`${copy.grid.timeLabel}: ${recipe.time} Min.`);
      expect(inCard.getByText(recipe.benefit)).toBeInTheDocument();
      const ingredients = within(inCard.getAllByRole("list")[0]).getAllByRole("listitem");
      expect(ingredients.map((li) => li.textContent)).toEqual(recipe.ingredients);
      const image = inCard.getByRole("img", { name: recipe.imageAlt });
      expect(image).toHaveAttribute("width");
      expect(image).toHaveAttribute("height");
      expect(image).toHaveAttribute("loading", "lazy");
      expect(image).not.toHaveAttribute("fetchpriority");
      const sources = Array.from(card.querySelectorAll("source")).map((s) => s.getAttribute("type"));
      expect(sources).toEqual(["image/avif", "image/webp"]);
    });
  });

  it("loads the hero picture at once and before the cards' pictures", () => {
    const { copy } = renderRecipes();
    const hero = screen.getByRole("img", { name: copy.hero.imageAlt });
    expect(hero).toHaveAttribute("loading", "eager");
    expect(hero).toHaveAttribute("fetchpriority", "high");
  });

  it("keeps the preparation steps behind a disclosure that opens on click", () => {
    const { all, copy } = renderRecipes();
    const card = screen.getAllByRole("article")[0];
    const details = card.querySelector("details")!;
    expect(details.open).toBe(false);
    fireEvent.click(within(card).getByText(copy.grid.stepsLabel));
    expect(details.open).toBe(true);
    for (const step of all[0].steps) expect(within(details).getByText(step)).toBeInTheDocument();
  });

  it("shows no caffeine box: the drink has none, and no dish needs the notice", () => {
    const { notices } = renderRecipes();
    expect(screen.queryByText(/Koffeinfrei/)).not.toBeInTheDocument();
    expect(screen.queryByText(new RegExp(notices.caffeineWarning))).not.toBeInTheDocument();
  });

  it("ends with a call to action to /#info-form and carries the disclaimer", () => {
    const { notices, copy } = renderRecipes();
    for (const cta of screen.getAllByRole("link", { name: new RegExp(copy.cta.button) }))
      expect(cta).toHaveAttribute("href", `/#${INFO_FORM_ID}`);
    expect(screen.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toHaveTextContent(notices.disclaimer);
  });
});
