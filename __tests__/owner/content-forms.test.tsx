/**
 * The „Inhalte“ forms: every content file's form, generated from the content description, renders with
 * its data, a labelled control for every text, number and choice, German buttons and no field rjsf
 * could not draw; a check message from the server appears at its field. The schemas and data are the
 * server's (formSchemaFor, formDataOf) for the real files under content/.
 */
import React from "react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";
import { EDITABLE_FILES } from "../../common/content/editable-files";
import { formDataOf, formSchemaFor } from "../../common/content/content-forms";
import { serverValidator, templates, translateString, widgets } from "../../src/owner/content/form-theme";
import { uiSchemaFor, errorSchemaOf } from "../../src/owner/content/form-schema";

const context = {
  prefix: "",
  images: ["images/hero-start.jpg"],
  pending: [],
  upload: async () => "",
  imageUrl: (p: string) => p,
};

function renderForm(file: string, extraErrors = {}) {
  const entry = EDITABLE_FILES.find((item) => item.file === file)!;
  const schema = formSchemaFor(entry) as RJSFSchema;
  const data = formDataOf(entry, readFileSync(path.join(__dirname, "../../content", file), "utf8"));
  return render(
    <Form
      schema={schema}
      uiSchema={uiSchemaFor(schema as Record<string, unknown>)}
      formData={data}
      validator={serverValidator}
      templates={templates}
      widgets={widgets}
      translateString={translateString}
      formContext={{ ...context, prefix: "../".repeat(file.split("/").length - 1) }}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      idPrefix="feld"
    />,
  );
}

describe.each(EDITABLE_FILES.map((entry) => entry.file))("the form of content/%s", (file) => {
  it("renders every field with a label and none rjsf cannot draw", () => {
    const { container } = renderForm(file);
    expect(container.textContent).not.toMatch(/Unsupported|Unknown field|Missing items/);
    const controls = [...container.querySelectorAll("input:not([type=file]), textarea, select")];
    // A list that starts empty (content/experiments.json: no experiment running) offers its first entry.
    if (controls.length === 0) expect(container.textContent).toMatch(/Eintrag hinzufügen/);
    for (const control of controls) {
      const label = container.querySelector(`label[for="${control.id}"]`);
      expect(label?.textContent?.trim() || control.getAttribute("aria-label")).toBeTruthy();
    }
    expect(container.textContent).not.toMatch(/\b(Add|Remove|Move up|Move down)\b/);
  });
});

it("shows the content check's message at its field", () => {
  const { container } = renderForm(
    "testimonials.json",
    errorSchemaOf([{ path: [1, "text"], message: "gerade Anführungszeichen" }]),
  );
  const errors = container.querySelector("#feld_1_text__fehler");
  expect(errors?.textContent).toContain("gerade Anführungszeichen");
  expect(container.querySelector("#feld_1_text")?.getAttribute("aria-invalid")).toBe("true");
});

it("offers the pictures for an image field and Markdown with a preview for a legal text", () => {
  const recipes = renderForm("recipes.json");
  expect(recipes.container.querySelector("select option[value='images/hero-start.jpg']")).not.toBeNull();
  recipes.unmount();
  const legal = renderForm("legal/agb.md");
  expect(legal.getByLabelText("Text").tagName).toBe("TEXTAREA");
  expect(legal.getByRole("region", { name: "Vorschau des Textes" }).textContent).toContain("Geltungsbereich");
});

it("marks the person's own uploads not published yet in the picture choice", () => {
  const entry = EDITABLE_FILES.find((item) => item.file === "recipes.json")!;
  const schema = formSchemaFor(entry) as RJSFSchema;
  const data = formDataOf(entry, readFileSync(path.join(__dirname, "../../content/recipes.json"), "utf8")) as {
    image: string;
  }[];
  data[0]!.image = "images/wochenmarkt.jpg";
  const { container } = render(
    <Form
      schema={schema}
      uiSchema={uiSchemaFor(schema as Record<string, unknown>)}
      formData={data}
      validator={serverValidator}
      templates={templates}
      widgets={widgets}
      formContext={{
        ...context,
        images: ["images/hero-start.jpg", "images/wochenmarkt.jpg"],
        pending: ["images/wochenmarkt.jpg"],
      }}
      idPrefix="feld"
    />,
  );
  const option = container.querySelector("#feld_0_image option[value='images/wochenmarkt.jpg']");
  expect(option?.textContent).toBe("wochenmarkt.jpg (noch nicht veröffentlicht)");
  expect(container.querySelector("#feld_0_image option[value='images/hero-start.jpg']")?.textContent).toBe("hero-start.jpg");
  expect(container.querySelector("figcaption")?.textContent).toBe("noch nicht veröffentlicht");
});

/** Every choice in every form, with the values the file keeps and the names the form shows. */
function choicesIn(node: unknown, found: { enum: unknown[]; labels?: Record<string, string> }[] = []) {
  if (Array.isArray(node)) node.forEach((child) => choicesIn(child, found));
  else if (node && typeof node === "object") {
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.enum)) found.push({ enum: record.enum, labels: record["x-labels"] as Record<string, string> });
    Object.values(record).forEach((child) => choicesIn(child, found));
  }
  return found;
}

it("names every value of every choice in German (bewegung, wheat, ja, a page's path)", () => {
  const choices = EDITABLE_FILES.flatMap((entry) => choicesIn(formSchemaFor(entry)));
  expect(choices.length).toBeGreaterThan(5);
  for (const choice of choices)
    for (const value of choice.enum) expect([value, choice.labels?.[String(value)]]).toEqual([value, expect.any(String)]);
});

it("shows a choice's German names and keeps the value the file needs", () => {
  const { container } = renderForm("testimonials.json");
  const topic = container.querySelector<HTMLSelectElement>("#feld_0_topic")!;
  expect([...topic.options].map((option) => option.textContent)).toEqual(["Bewegung", "Ernährung"]);
  expect(topic.selectedOptions[0]!.textContent).toBe("Bewegung");
  const principles = renderForm("principles.json").container;
  const icon = principles.querySelector<HTMLSelectElement>("#feld_0_icon")!;
  expect(icon.selectedOptions[0]!.textContent).toBe("Ähre");
  expect(principles.textContent).not.toMatch(/\bwheat\b/);
});

it("hands the file's value to the form when a German name is chosen", async () => {
  const entry = EDITABLE_FILES.find((item) => item.file === "testimonials.json")!;
  const schema = formSchemaFor(entry) as RJSFSchema;
  const data = formDataOf(entry, readFileSync(path.join(__dirname, "../../content/testimonials.json"), "utf8"));
  const changed = jest.fn();
  const { container } = render(
    <Form
      schema={schema}
      uiSchema={uiSchemaFor(schema as Record<string, unknown>)}
      formData={data}
      validator={serverValidator}
      templates={templates}
      widgets={widgets}
      formContext={context}
      idPrefix="feld"
      onChange={(event) => changed(event.formData)}
    />,
  );
  const topic = container.querySelector<HTMLSelectElement>("#feld_0_topic")!;
  const ernaehrung = [...topic.options].find((option) => option.textContent === "Ernährung")!;
  await userEvent.selectOptions(topic, ernaehrung);
  await waitFor(() => expect(changed).toHaveBeenCalled());
  expect((changed.mock.calls.at(-1)![0] as { topic: string }[])[0]!.topic).toBe("ernaehrung");
});
