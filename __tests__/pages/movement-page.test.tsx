import React from "react";
import { render, screen, within } from "@testing-library/react";
import MovementPage from "../../src/pages/bewegung-alltag";
import { HOME_TESTIMONIAL_COUNT, INFO_FORM_ID, MOVEMENT_DURATIONS } from "../../common/constants";
import { provideStaticQueries, readContent, recordScrolling, testimonials, withImages } from "./support";

interface Day {
  day: number;
  activity: string;
  duration: number;
  benefit: string;
}

function renderMovement() {
  const { notices } = provideStaticQueries();
  const days = readContent<Day[]>("movement-plan.json");
  const stories = testimonials().filter((t) => t.topic === "bewegung");
  const data = {
    movementPageCopy: withImages(readContent("pages/bewegung-alltag.json"), "pages/bewegung-alltag.json"),
    allMovementDay: { nodes: days },
    allTestimonial: { nodes: stories },
  };
  render(<MovementPage {...({ data } as any)} />);
  return { notices, days, stories, copy: readContent<any>("pages/bewegung-alltag.json") };
}

describe("movement page", () => {
  beforeEach(() => recordScrolling());

  it("tells the story under the page's heading", () => {
    const { copy } = renderMovement();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(copy.hero.title);
    for (const paragraph of copy.story.paragraphs) expect(screen.getByText(paragraph)).toBeInTheDocument();
  });

  it("shows the 7-day plan with day, activity, benefit and the durations 5, 10, 15, 5, 10, 20, 30 minutes", () => {
    const { days, copy } = renderMovement();
    const plan = screen.getByRole("region", { name: copy.plan.title });
    const items = within(within(plan).getByRole("list")).getAllByRole("listitem");
    expect(items).toHaveLength(7);
    expect(items.map((item) => item.textContent?.match(/(\d+) Minuten/)?.[1]).map(Number)).toEqual([...MOVEMENT_DURATIONS]);
    items.forEach((item, index) => {
      expect(item).toHaveTextContent(`Tag ${days[index].day}`);
      expect(within(item).getByRole("heading", { level: 3 })).toHaveTextContent(days[index].activity);
      expect(item).toHaveTextContent(days[index].benefit);
    });
    expect(plan).toHaveTextContent(`95 ${copy.plan.totalLabel}`);
  });

  it("shows more testimonials, including the one the home page leaves out", () => {
    const { stories, notices } = renderMovement();
    const all = testimonials();
    const section = screen.getByRole("region", { name: readContent<any>("pages/bewegung-alltag.json").testimonials.title });
    expect(within(section).getAllByRole("figure")).toHaveLength(stories.length);
    expect(within(section).getByText(all[HOME_TESTIMONIAL_COUNT].name)).toBeInTheDocument();
    expect(within(section).getAllByRole("img", { name: "5 von 5 Sternen" })).toHaveLength(stories.length);
    expect(within(section).getByText(notices.testimonialCheck)).toBeInTheDocument();
  });

  it("leads every call to action to the info form on the home page", () => {
    const { copy } = renderMovement();
    const ctas = screen.getAllByRole("link", { name: new RegExp(copy.cta.button) });
    expect(ctas.length).toBeGreaterThanOrEqual(2);
    for (const cta of ctas) expect(cta).toHaveAttribute("href", `/#${INFO_FORM_ID}`);
    expect(screen.getByRole("heading", { name: copy.cta.title })).toBeInTheDocument();
  });

  it("carries the disclaimer", () => {
    const { notices } = renderMovement();
    expect(screen.getByRole("complementary", { name: "Gesundheitlicher Hinweis" })).toHaveTextContent(notices.disclaimer);
  });
});
