/**
 * The preview beside a legal text or a mail in „Inhalte“ reads as the page will: placeholders show the
 * settings' values (an empty one the note to fill it in, one only the mail fills as its name), and each
 * condition is a labelled box that says whether it holds, with the part that does not show greyed. Checked
 * with the real privacy statement and the real settings.
 */
import React from "react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, within } from "@testing-library/react";
import { MarkdownPreview } from "../../src/owner/content/MarkdownPreview";
import { readFrontMatter } from "../../common/content/front-matter";

const CONTENT = path.join(__dirname, "../../content");
const site = JSON.parse(readFileSync(path.join(CONTENT, "site.json"), "utf8")) as Record<string, unknown>;

test("fills placeholders with the settings and marks the ones still to fill in or filled only when sending", () => {
  const view = render(
    <MarkdownPreview
      text={
        "Anbieter ist die {{legal.company}}. Höchstens {{wort:consent.newslettersPerMonth}} E-Mails.\n\nHallo {{name}}, geprüft am {{deployment.checkedOn}}."
      }
      values={{ ...site, deployment: { checkedOn: "" } }}
    />,
  );
  expect(view.container.textContent).toContain("Anbieter ist die Urkraft GmbH.");
  expect(view.container.textContent).toContain("Höchstens zwei E-Mails.");
  expect(view.getByTitle("{{legal.company}} aus den Einstellungen")).toBeTruthy();
  expect(view.getByTitle("Wird beim Versand eingesetzt").textContent).toBe("name");
  expect(view.container.textContent).toContain("[in content/site.json eintragen: deployment.checkedOn]");
});

test("shows each condition of the privacy statement as a labelled box saying whether it holds", () => {
  const text = readFrontMatter(readFileSync(path.join(CONTENT, "legal/datenschutz.md"), "utf8")).content;
  expect(text).toContain("{{#if ");
  const view = render(<MarkdownPreview text={text} values={site} />);
  const boxes = view.getAllByRole("group", { name: /^Bedingung: / });
  expect(boxes.length).toBe((text.match(/\{\{#if /g) ?? []).length);
  // No raw block is left over for the reader: every {{#if}} … {{/if}} became its box.
  expect(view.container.textContent).not.toMatch(/\{\{(#if|else|\/if)/);
  const cdn = boxes.find((box) => box.getAttribute("aria-label") === "Bedingung: „deployment.cdn“ ist „keines“");
  expect(cdn).toBeTruthy();
  const holds = (site.deployment as Record<string, unknown>).cdn === "keines";
  expect(within(cdn!).getByText(/^– /).textContent).toBe(
    holds ? "– trifft zu: der erste Teil steht auf der Seite" : "– trifft nicht zu",
  );
  // The part the page leaves out is marked as such.
  expect(within(cdn!).getAllByText(/\(erscheint nicht\)/).length).toBe(1);
});

test("a deleted {{/if}} leaves the condition's text raw in the preview, as the check refuses it at its line", () => {
  const view = render(<MarkdownPreview text={"{{#if deployment.cdn}}Über ein CDN.\n\nDanach."} values={site} />);
  expect(view.queryAllByRole("group")).toHaveLength(0);
  expect(view.container.textContent).toContain("{{#if deployment.cdn}}");
});
