/**
 * A long list in „Inhalte“ (the eight recipes) opens folded: each entry is a bar with its number and its
 * name that opens and closes by keyboard or click, and its fields come into the page when it is first opened;
 * an entry the content check marks is open by itself, so its message is never folded away. Short lists stay
 * open. „An den Anfang“ moves an entry to the top in one step.
 */
import React, { useState } from "react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fireEvent, render, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { EDITABLE_FILES } from "../../common/content/editable-files";
import { formDataOf, formSchemaFor } from "../../common/content/content-forms";
import { serverValidator, templates, translateString, widgets } from "../../src/owner/content/form-theme";
import { movedToTop, uiSchemaFor } from "../../src/owner/content/form-schema";

function renderList(file: string, problemEntries: ReadonlySet<number> = new Set()) {
  const entry = EDITABLE_FILES.find((item) => item.file === file)!;
  const schema = formSchemaFor(entry) as RJSFSchema;
  const data = formDataOf(entry, readFileSync(path.join(__dirname, "../../content", file), "utf8")) as { title?: string }[];
  const context = { prefix: "", images: [], pending: [], upload: async () => "", imageUrl: (p: string) => p, problemEntries };
  const view = render(
    <Form
      schema={schema}
      uiSchema={uiSchemaFor(schema as Record<string, unknown>)}
      formData={data}
      validator={serverValidator}
      templates={templates}
      widgets={widgets}
      translateString={translateString}
      formContext={context}
      showErrorList={false}
      noHtml5Validate
      idPrefix="feld"
    />,
  );
  return { view, data };
}

test("the eight recipes open folded under their names, and a bar opens its entry", () => {
  const { view, data } = renderList("recipes.json");
  expect(data.length).toBe(8);
  const bars = view.getAllByRole("button", { name: /^Eintrag \d+: / });
  expect(bars).toHaveLength(8);
  expect(bars[0]!.textContent).toContain(`Eintrag 1: ${data[0]!.title}`);
  for (const bar of bars) expect(bar.getAttribute("aria-expanded")).toBe("false");
  expect(view.queryByRole("textbox", { name: /Titel/ })).toBeNull();
  fireEvent.click(bars[2]!);
  expect(bars[2]!.getAttribute("aria-expanded")).toBe("true");
  expect(view.getAllByRole("textbox", { name: /Titel/ })).toHaveLength(1);
});

test("an entry never opened keeps its fields out of the page; once opened, they stay while it is folded, with what was typed", () => {
  const { view } = renderList("recipes.json");
  const bars = view.getAllByRole("button", { name: /^Eintrag \d+: / });
  const body = (bar: HTMLElement) => document.getElementById(bar.getAttribute("aria-controls")!)!;
  expect(bars.map((bar) => body(bar).querySelectorAll("input, textarea, select, button").length)).toEqual([
    0, 0, 0, 0, 0, 0, 0, 0,
  ]);
  fireEvent.click(bars[2]!);
  const title = within(body(bars[2]!)).getByRole("textbox", { name: /Titel/ }) as HTMLInputElement;
  fireEvent.change(title, { target: { value: "Haferbrei mit Apfel" } });
  fireEvent.click(bars[2]!);
  expect(bars[2]!.getAttribute("aria-expanded")).toBe("false");
  expect(body(bars[2]!).hidden).toBe(true);
  // The same field, not a new one: what an entry's own parts hold (a half-filled upload) is kept as well.
  expect(body(bars[2]!).contains(title)).toBe(true);
  expect(title.value).toBe("Haferbrei mit Apfel");
  fireEvent.click(bars[2]!);
  expect(within(body(bars[2]!)).getByRole("textbox", { name: /Titel/ })).toBe(title);
});

test("an entry the check marks is open by itself", () => {
  const { view } = renderList("recipes.json", new Set([5]));
  const bars = view.getAllByRole("button", { name: /^Eintrag \d+: / });
  expect(bars.map((bar) => bar.getAttribute("aria-expanded"))).toEqual([
    "false",
    "false",
    "false",
    "false",
    "false",
    "true",
    "false",
    "false",
  ]);
});

test("a day's field is a date picker that keeps the file's JJJJ-MM-TT, optional or required", () => {
  const { view, data } = renderList("testimonials.json", new Set([0]));
  const dates = view.container.querySelectorAll<HTMLInputElement>("#feld_0_date, #feld_0_consentDate");
  expect(dates).toHaveLength(2);
  for (const input of dates) expect(input.type).toBe("date");
  expect(dates[0]!.value).toBe((data[0] as { date: string }).date);
});

test("a list the page shows a fixed number of never offers „Entfernen“, and says how a new entry replaces an old one", () => {
  const { view } = renderList("recipes.json");
  expect(view.queryAllByRole("button", { name: /entfernen$/ })).toHaveLength(0);
  expect(view.container.textContent).toContain("Ein neuer Eintrag ersetzt einen alten");
});

/** The recipes' form holding its data as the editor does, with „An den Anfang“ (movedToTop) in its context. */
function MovableRecipes({ initial }: { initial: unknown }) {
  const [data, setData] = useState(initial);
  const entry = EDITABLE_FILES.find((item) => item.file === "recipes.json")!;
  const schema = formSchemaFor(entry) as RJSFSchema;
  const context = {
    prefix: "",
    images: [],
    pending: [],
    upload: async () => "",
    imageUrl: (p: string) => p,
    problemEntries: new Set<number>(),
    moveToTop: (at: (string | number)[]) => setData((current: unknown) => movedToTop(current, at)),
  };
  return (
    <Form
      schema={schema}
      uiSchema={uiSchemaFor(schema as Record<string, unknown>)}
      formData={data}
      validator={serverValidator}
      templates={templates}
      widgets={widgets}
      translateString={translateString}
      formContext={context}
      showErrorList={false}
      noHtml5Validate
      idPrefix="feld"
      onChange={(event) =>
        setData((current: unknown) => (JSON.stringify(current) === JSON.stringify(event.formData) ? current : event.formData))
      }
    />
  );
}

test("„An den Anfang“ moves an entry to the top in one step by keyboard, and the focus goes with it", async () => {
  const entry = EDITABLE_FILES.find((item) => item.file === "recipes.json")!;
  const data = formDataOf(entry, readFileSync(path.join(__dirname, "../../content/recipes.json"), "utf8")) as { title: string }[];
  const view = render(<MovableRecipes initial={data} />);
  expect(view.getByRole("button", { name: "Eintrag 1 an den Anfang" })).toBeDisabled();
  const toTop = view.getByRole("button", { name: "Eintrag 5 an den Anfang" });
  expect(toTop.textContent).toBe("An den Anfang");
  toTop.focus();
  await userEvent.keyboard("{Enter}");
  const bars = () => view.getAllByRole("button", { name: /^Eintrag \d+: / }).map((bar) => bar.textContent);
  await waitFor(() => expect(bars()[0]).toContain(`Eintrag 1: ${data[4]!.title}`));
  expect(bars().map((bar) => bar!.replace(/^.*Eintrag \d+: /, ""))).toEqual(
    [data[4], data[0], data[1], data[2], data[3], data[5], data[6], data[7]].map((recipe) => recipe!.title),
  );
  await waitFor(() => expect(document.activeElement?.textContent).toContain(`Eintrag 1: ${data[4]!.title}`));
}, 30_000);

test("moving to the top changes nothing at the top, and works in a list inside an entry", () => {
  const list = { items: ["a", "b", "c"] };
  expect(movedToTop(list, ["items", 0])).toBe(list);
  expect(movedToTop(list, ["items", 2])).toEqual({ items: ["c", "a", "b"] });
  expect(list.items).toEqual(["a", "b", "c"]);
  expect(movedToTop([{ steps: ["x", "y"] }], [0, "steps", 1])).toEqual([{ steps: ["y", "x"] }]);
});

test("a text that is itself a list entry is named by its list and number, not „Zutaten-1“, in its field, its bar and its buttons", () => {
  const { view } = renderList("recipes.json");
  const recipe = view.getAllByRole("button", { name: /^Eintrag \d+: / })[0]!;
  fireEvent.click(recipe);
  const first = view.getByRole("textbox", { name: /^Zutaten, Eintrag 1$/ });
  expect(first).toBeTruthy();
  expect(view.getByRole("textbox", { name: /^Schritte, Eintrag 1$/ })).toBeTruthy();
  expect(view.queryByText(/-\d+$/)).toBeNull();
  // The bar above the text and its buttons say whose entry it is, so they never read like the recipe's own.
  expect(view.getByRole("button", { name: "Zutaten, Eintrag 1" }).getAttribute("aria-expanded")).toBe("true");
  expect(view.getByRole("button", { name: "Schritte, Eintrag 2 nach oben" })).toBeTruthy();
  expect(view.getByRole("button", { name: "Zutaten, Eintrag 1 entfernen" })).toBeTruthy();
  const inside = within(document.getElementById(recipe.getAttribute("aria-controls")!)!);
  expect(inside.queryAllByRole("button", { name: /^Eintrag \d+/ })).toHaveLength(0);
});
