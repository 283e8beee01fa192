/**
 * @jest-environment-options {"customExportConditions": ["require", "default"]}
 */
/**
 * The server puts the visit's source at the end of the page as hidden inputs naming the page's form
 * (server/analytics/page-source.ts). Hydrating the form (Preact, as in the browser) leaves them where they
 * are, a native post carries them, and the JSON post sends them too, read once and kept in memory.
 */
import React from "react";
import { hydrate } from "preact";
import { act } from "preact/test-utils";
import renderToString from "preact-render-to-string";
import { ContactForm } from "../../src/forms/ContactForm";
import { LeadForm } from "../../src/forms/LeadForm";
import { entrySource, forgetEntrySource } from "../../src/forms/entry-source";
import { fieldId } from "../../src/forms/values-on-screen";
import { VISIT_SOURCE_FORM_ID } from "../../common/visit-source";
import { provideStaticQueries } from "../support/content";
import { jsonResponse, mockFetch, type SentRequest } from "./fetch-mock";

jest.mock("react", () => jest.requireActual("preact/compat"));
jest.mock("react-dom", () => jest.requireActual("preact/compat"));

const SERVER_INPUTS =
  `<input type="hidden" form="${VISIT_SOURCE_FORM_ID}" name="quelle_seite" value="google.de">` +
  `<input type="hidden" form="${VISIT_SOURCE_FORM_ID}" name="utm_source" value="newsletter">` +
  `<input type="hidden" form="${VISIT_SOURCE_FORM_ID}" name="utm_campaign" value="herbst &amp; winter">`;

let container: HTMLDivElement;
let tail: HTMLDivElement;
let sent: () => SentRequest[];

beforeEach(() => {
  provideStaticQueries();
  forgetEntrySource();
  sent = mockFetch(() => jsonResponse(202, { ok: true })).sent;
  container = document.createElement("div");
  tail = document.createElement("div");
  tail.innerHTML = SERVER_INPUTS;
  document.body.append(container, ...tail.childNodes);
});

afterEach(() => {
  act(() => hydrate(null, container));
  document.body.innerHTML = "";
  delete (global as { fetch?: unknown }).fetch;
});

describe.each([
  { title: "LeadForm", element: <LeadForm />, formId: "lead", values: { name: "Markus", email: "markus@beispiel.de" } },
  {
    title: "ContactForm",
    element: <ContactForm />,
    formId: "contact",
    values: { name: "Thomas", email: "thomas@beispiel.de", message: "Eine Frage zum Plan." },
  },
])("$title on a page with the visit's source", ({ element, formId, values }) => {
  beforeEach(() => {
    container.innerHTML = renderToString(element);
    for (const [name, value] of Object.entries(values)) {
      (document.getElementById(fieldId(formId, name)) as HTMLInputElement).value = value;
    }
  });

  it("is the form the server's inputs name, and hydrating it keeps them with their values", () => {
    const form = container.querySelector("form")!;
    expect(form.id).toBe(VISIT_SOURCE_FORM_ID);
    act(() => hydrate(element, container));
    const inputs = [...document.querySelectorAll<HTMLInputElement>(`input[form="${VISIT_SOURCE_FORM_ID}"]`)];
    expect(inputs.map((input) => [input.name, input.value, input.form === form])).toEqual([
      ["quelle_seite", "google.de", true],
      ["utm_source", "newsletter", true],
      ["utm_campaign", "herbst & winter", true],
    ]);
  });

  it("sends the visit's source with its JSON post", async () => {
    act(() => hydrate(element, container));
    await act(async () => {
      container.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.body).toMatchObject({
      ...values,
      quelle_seite: "google.de",
      utm_source: "newsletter",
      utm_campaign: "herbst & winter",
    });
  });
});

describe("entrySource", () => {
  it("reads the inputs once and keeps them after they are gone (a navigation inside the site)", () => {
    expect(entrySource()).toEqual({ quelle_seite: "google.de", utm_source: "newsletter", utm_campaign: "herbst & winter" });
    document.body.innerHTML = "";
    expect(entrySource()).toEqual({ quelle_seite: "google.de", utm_source: "newsletter", utm_campaign: "herbst & winter" });
  });

  it("is empty on a page without them, and reads only hidden inputs naming the form", () => {
    document.body.innerHTML = `<input form="${VISIT_SOURCE_FORM_ID}" name="utm_source" value="sichtbar"><input type="hidden" name="utm_source" value="fremd">`;
    expect(entrySource()).toEqual({});
  });
});
