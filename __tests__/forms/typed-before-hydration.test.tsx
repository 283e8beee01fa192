// The scripts start after the page has painted, so a visitor may type into the static form first.
import React from "react";
import { format } from "node:util";
import { act, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { LeadForm } from "../../src/forms/LeadForm";
import { ContactForm } from "../../src/forms/ContactForm";
import { jsonResponse, mockFetch, pass, setUpFormTests } from "./support";

setUpFormTests();

/**
 * What React writes to the console while the test renders the form as the build does and then hydrates it:
 * recorded and checked here instead of printed. renderToString warns that Formik's useLayoutEffect does
 * nothing on a server; hydration may only complain about the character counter, which shows the typed length.
 */
let consoleErrors: string[] = [];
const SERVER_LAYOUT_EFFECT = /^Warning: useLayoutEffect does nothing on the server/;
const HYDRATION = /hydrat|server-rendered HTML|did not match/i;

let root: Root | undefined;
beforeEach(() => {
  consoleErrors = [];
  jest.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  jest.restoreAllMocks();
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
  ["LeadForm", <LeadForm key="lead" />, { name: "Markus", email: "markus@web.de" } as Record<string, string>],
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

    const hydration = consoleErrors.filter((text) => !SERVER_LAYOUT_EFFECT.test(text));
    if (typed.message === undefined) {
      expect(hydration).toEqual([]);
    } else {
      expect(hydration.filter((text) => !HYDRATION.test(text))).toEqual([]);
      // The only difference between the build's HTML and the hydrated form: the counter of the typed message.
      const mismatches = hydration.filter((text) => text.startsWith("Warning: Text content did not match."));
      expect(mismatches).toHaveLength(1);
      expect(mismatches[0]).toContain(`Server: "0" Client: "${typed.message.length}"`);
    }
  });
});
