/**
 * The experiments' form in „Inhalte“ speaks German and shows no key of a file: the page is chosen by its name,
 * the text by its name in the page's form and how it reads now (only the texts of the chosen page), the state
 * by a German phrase, and the variants are called „Variante B“ and „Variante C“. The schema is the one the
 * server sends (formSchemaFor with each page's texts from content/, experiment-form.ts).
 */
import React from "react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fireEvent, render, within } from "@testing-library/react";
import Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { editableFile } from "../../common/content/editable-files";
import { formSchemaFor } from "../../common/content/content-forms";
import { experimentFieldChoices, withFieldChoices } from "../../common/experiments/experiment-form";
import { serverValidator, templates, translateString, widgets } from "../../src/owner/content/form-theme";
import { uiSchemaFor } from "../../src/owner/content/form-schema";

const CONTENT = path.join(__dirname, "../../content");
const readPage = (file: string) => JSON.parse(readFileSync(path.join(CONTENT, file), "utf8")) as unknown;
const schema = withFieldChoices(formSchemaFor(editableFile("experiments.json")!), experimentFieldChoices(readPage));
const context = { prefix: "", images: [], upload: async () => "", imageUrl: (p: string) => p };

const experiment = {
  id: "startseite-titel",
  page: "/",
  field: "hero.title",
  variants: ["Mehr Kraft im Alltag – mit ein paar Minuten am Tag", "Stark durch den Tag – ohne Fitnessstudio"],
  share: 50,
  start: "2026-12-07",
  end: "2027-01-10",
  status: "läuft",
};

function ExperimentsForm({ initial }: { initial: unknown }) {
  const [data, setData] = React.useState(initial);
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={uiSchemaFor(schema)}
      formData={data}
      validator={serverValidator}
      templates={templates}
      widgets={widgets}
      translateString={translateString}
      formContext={{ ...context, formData: data }}
      showErrorList={false}
      noHtml5Validate
      idPrefix="feld"
      onChange={(event) => setData(event.formData)}
    />
  );
}

const optionTexts = (select: HTMLElement) => [...select.querySelectorAll("option")].map((option) => option.textContent ?? "");
const chosen = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;

it("names the page, the page's text, the state and the variants in German, never by a key", () => {
  const view = render(<ExperimentsForm initial={{ experiments: [experiment] }} />);
  const page = view.getByLabelText("Seite");
  expect(chosen(page)).toBe("Startseite");
  expect(optionTexts(page)).toEqual([
    "Startseite",
    "Bewegung im Alltag",
    "Traditionelle Ernährung",
    "Gesunde Rezepte",
    "Kontakt & Unterstützung",
  ]);
  const field = view.getByLabelText("Text der Seite");
  expect(field.tagName).toBe("SELECT");
  expect(chosen(field)).toBe("Kopfbereich › Titel: „Natürliche Energie für Männer, die mitten im Leben stehen“");
  // Only texts an experiment may vary: nothing for search engines, no picture, no link.
  const offered = optionTexts(field);
  expect(offered).toContain("Knopftext im Kopfbereich: „Kostenlose Infos anfordern“");
  expect(offered.some((text) => /Suchmaschinen|Bild|Linkziel/.test(text))).toBe(false);
  expect(offered.join("\n")).not.toMatch(/hero\.|\[\d\]|cta\./);
  expect(chosen(view.getByLabelText("Stand"))).toBe("läuft");
  expect(optionTexts(view.getByLabelText("Stand"))).toEqual([
    "läuft",
    "beendet – alle sehen das Original",
    "übernommen – der Gewinner steht in der Seite",
  ]);
  const variants = view.getByRole("group", { name: "Andere Texte (B, C)" });
  expect(within(variants).getByRole("button", { name: "Variante B" })).toBeTruthy();
  expect(within(variants).getByRole("button", { name: "Variante C" })).toBeTruthy();
  expect(view.getByLabelText("Variante B")).toHaveProperty("value", experiment.variants[0]);
  expect(view.getByLabelText("Variante C")).toHaveProperty("value", experiment.variants[1]);
  expect(view.container.textContent).not.toMatch(/Andere Texte \(B, C\)-\d/);
  // The rules speak through the choices: no hint lists the pages' paths or the states' values again.
  expect(view.container.textContent).not.toMatch(/\/bewegung-alltag|„beendet“ oder „übernommen“/);
  // The days have the browser's date picker, which shows a day in the browser's way: no file format beside it.
  expect(view.getByLabelText("Beginn").getAttribute("type")).toBe("date");
  expect(view.container.textContent).not.toContain("JJJJ-MM-TT");
  // B and C keep their places: their names say which is which.
  expect(within(variants).queryByRole("button", { name: /nach oben|nach unten/ })).toBeNull();
  expect(view.container.textContent).not.toMatch(/Eintrag 1\b(?!: startseite-titel)/);
});

it("offers the texts of the page chosen, keeps a text the page does not have, and asks for the page first", () => {
  const contact = render(
    <ExperimentsForm initial={{ experiments: [{ ...experiment, page: "/kontakt-unterstuetzung", field: "hero.titel" }] }} />,
  );
  const field = contact.getByLabelText("Text der Seite");
  expect(chosen(field)).toBe("hero.titel (gibt es auf dieser Seite nicht)");
  const offered = optionTexts(field);
  expect(offered.length).toBeGreaterThan(2);
  expect(offered.join("\n")).not.toContain("„Natürliche Energie für Männer");
  // „Kontakt & Unterstützung“ is fixed word for word by the specification: never offered.
  expect(offered.join("\n")).not.toContain("Kontakt & Unterstützung");
  contact.unmount();

  const empty = render(<ExperimentsForm initial={{ experiments: [{ ...experiment, page: "", field: "" }] }} />);
  const waiting = empty.getByLabelText("Text der Seite");
  expect(waiting).toHaveProperty("disabled", true);
  expect(chosen(waiting)).toBe("Wähl zuerst die Seite");
});

it("starts a new experiment with the field for variant B and offers variant C next", async () => {
  // jsdom has no structuredClone, which rjsf uses on a change; the form's data is plain JSON.
  globalThis.structuredClone ??= <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  const view = render(<ExperimentsForm initial={{ experiments: [] }} />);
  expect(view.getByText("Noch keine Einträge.")).toBeTruthy();
  fireEvent.click(view.getByRole("button", { name: "Eintrag hinzufügen" }));
  const variants = await view.findByRole("group", { name: "Andere Texte (B, C)" });
  expect(within(variants).getByRole("button", { name: "Variante B" })).toBeTruthy();
  expect(within(variants).getByRole("button", { name: "Variante C hinzufügen" })).toBeTruthy();
  expect(view.getByLabelText("Text der Seite")).toHaveProperty("disabled", true);
});
