// The scripts start after the page has painted, so a visitor may type into the static form first.
import React from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { LeadForm } from "../../src/forms/LeadForm";
import { ContactForm } from "../../src/forms/ContactForm";
import { jsonResponse, mockFetch, pass, setUpFormTests } from "./support";

setUpFormTests();

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
});

/** The build's HTML of the form, filled in by the visitor, then brought to life as the browser does. */
async function typeThenHydrate(element: React.ReactElement, typed: Record<string, string>) {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  document.body.append(container);
  for (const [name, value] of Object.entries(typed))
    (container.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement).value = value;
  await act(async () => {
    root = hydrateRoot(container, element);
  });
  return container.querySelector("form")!;
}

describe.each([
  ["LeadForm", <LeadForm key="lead" />, { name: "Markus", email: "markus@web.de" }],
  ["ContactForm", <ContactForm key="contact" />, { name: "Markus", email: "markus@web.de", message: "Wann kommt der Plan?" }],
])("%s filled in before the scripts arrive", (_name, element, typed) => {
  it("keeps every typed value on screen and sends them when submitted", async () => {
    const { sent } = mockFetch(() => jsonResponse(202, { ok: true }));
    const form = await typeThenHydrate(element, typed);
    for (const [name, value] of Object.entries(typed))
      expect((form.querySelector(`[name="${name}"]`) as HTMLInputElement).value).toBe(value);
    fireEvent.submit(form);
    await pass(0);
    expect(screen.queryAllByRole("alert").filter((alert) => alert.textContent)).toEqual([]);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.body).toMatchObject(typed);
  });
});
