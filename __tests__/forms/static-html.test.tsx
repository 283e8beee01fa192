/**
 * @jest-environment node
 */
// The HTML the build writes, before any JavaScript runs: it must work as a plain form on its own.
import React from "react";
import { renderToString } from "react-dom/server";
import { JSDOM } from "jsdom";
import { LeadForm } from "../../src/forms/LeadForm";
import { ContactForm } from "../../src/forms/ContactForm";
import { EMAIL_HTML_PATTERN } from "../../common/forms/schemas";
import { provideStaticQueries } from "../support/content";

function staticForm(element: React.ReactElement): HTMLFormElement {
  provideStaticQueries();
  const { document } = new JSDOM(renderToString(element)).window;
  return document.querySelector("form")!;
}

describe.each([
  ["LeadForm", <LeadForm key="lead" />, "/api/leads", ["name", "email", "website"]],
  ["ContactForm", <ContactForm key="contact" />, "/api/contact", ["name", "email", "message", "website"]],
])("%s in the static HTML", (_name, element, action, names) => {
  it(`posts to ${action} and leaves validation to the browser (no novalidate)`, () => {
    const form = staticForm(element);
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe(action);
    expect(form.hasAttribute("novalidate")).toBe(false);
  });

  it("names every field and marks the visible ones required, with the e-mail pattern", () => {
    const form = staticForm(element);
    const fields = [...form.querySelectorAll<HTMLInputElement>("input, textarea")];
    expect(fields.map((field) => field.name)).toEqual(names);
    for (const field of fields.filter((f) => f.name !== "website")) expect(field.required).toBe(true);
    expect(form.querySelector('input[name="email"]')!.getAttribute("pattern")).toBe(EMAIL_HTML_PATTERN);
    expect(form.querySelector('button[type="submit"]')!.hasAttribute("disabled")).toBe(false);
  });
});
