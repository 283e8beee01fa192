/**
 * @jest-environment-options {"customExportConditions": ["require", "default"]}
 */
/**
 * In the browser the forms run on Preact (gatsby-plugin-preact), not React, and Preact's textarea writes
 * its `value` prop into the element while it hydrates. Here the forms are hydrated as in the browser:
 * preact/compat stands where React stands, on the build's HTML that the visitor has already filled in.
 */
import React from "react";
import { hydrate } from "preact";
import { act } from "preact/test-utils";
import renderToString from "preact-render-to-string";
import { navigate } from "gatsby";
import { ContactForm } from "../../src/forms/ContactForm";
import { LeadForm } from "../../src/forms/LeadForm";
import { fieldId } from "../../src/forms/values-on-screen";
import { LIMITS } from "../../common/constants";
import { provideStaticQueries } from "../support/content";
import { jsonResponse, mockFetch, type SentRequest } from "./fetch-mock";

jest.mock("react", () => jest.requireActual("preact/compat"));
jest.mock("react-dom", () => jest.requireActual("preact/compat"));

type Control = HTMLInputElement | HTMLTextAreaElement;

let container: HTMLDivElement;
let sent: () => SentRequest[];

beforeEach(() => {
  provideStaticQueries();
  (navigate as jest.Mock).mockClear();
  sent = mockFetch(() => jsonResponse(202, { ok: true })).sent;
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  act(() => hydrate(null, container));
  container.remove();
  delete (global as { fetch?: unknown }).fetch;
});

const control = (formId: string, name: string) => document.getElementById(fieldId(formId, name)) as Control;

/** The visitor's typing as the browser reports it: the value changes, then an input event. */
function typeInto(field: Control, text: string) {
  field.value += text;
  field.setSelectionRange(field.value.length, field.value.length);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

describe.each([
  {
    title: "ContactForm",
    element: <ContactForm />,
    formId: "contact",
    typed: { name: "Günther Weiß", email: "guenther@beispiel.de", message: "Guten Tag – ich hätte eine Frage 🙂" },
    caretIn: "message",
  },
  {
    title: "LeadForm",
    element: <LeadForm />,
    formId: "lead",
    typed: { name: "Jörg-Maximilian 💪", email: "joerg@beispiel.de" },
    caretIn: "name",
  },
])("$title filled in before Preact hydrates it", ({ element, formId, typed, caretIn }) => {
  beforeEach(() => {
    container.innerHTML = renderToString(element);
    for (const [name, value] of Object.entries(typed)) control(formId, name).value = value;
    // The visitor is in the middle of a word when the scripts arrive.
    const focused = control(formId, caretIn);
    focused.focus();
    focused.setSelectionRange(3, 5);
  });

  it("keeps every value, the focus and the caret, and the counter shows the true length", () => {
    act(() => hydrate(element, container));
    for (const [name, value] of Object.entries(typed)) expect(control(formId, name).value).toBe(value);
    expect(document.activeElement).toBe(control(formId, caretIn));
    expect([control(formId, caretIn).selectionStart, control(formId, caretIn).selectionEnd]).toEqual([3, 5]);
    const message = (typed as Record<string, string>).message;
    if (message !== undefined)
      expect(container.querySelector(`#${fieldId(formId, "message")}-count`)).toHaveTextContent(
        `${message.length}/${LIMITS.message}`,
      );
  });

  it("goes on from there when the visitor keeps typing, and sends exactly what the fields show", async () => {
    act(() => hydrate(element, container));
    const last = control(formId, caretIn);
    act(() => typeInto(last, " – weiter"));
    const expected = { ...typed, [caretIn]: `${typed[caretIn as keyof typeof typed]} – weiter` };
    for (const [name, value] of Object.entries(expected)) expect(control(formId, name).value).toBe(value);
    if ("message" in typed)
      expect(container.querySelector(`#${fieldId(formId, "message")}-count`)).toHaveTextContent(
        `${expected.message!.length}/${LIMITS.message}`,
      );
    await act(async () => {
      container.querySelector("form")!.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.body).toMatchObject(expected);
  });
});
