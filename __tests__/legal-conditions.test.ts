/**
 * A setting can add whole list items to a legal text (`{{#if deployment.webhookRecipients}}- **…**{{/if}}`): the
 * page then shows them as items of their own, never as a dash inside the item above, whichever way it is set.
 */
import fs from "node:fs";
import path from "node:path";
import { readFrontMatter } from "../common/content/front-matter";
import { legalMarkdownHtml } from "../common/content/legal-html";
import site from "../content/site.json";

const { content } = readFrontMatter(
  fs.readFileSync(path.join(__dirname, "..", "content", "legal", "personenbezogene-daten.md"), "utf8"),
);
const withRecipients = { ...site, deployment: { ...site.deployment, webhookRecipients: "Brevo (Sendinblue GmbH, Berlin)" } };
const withoutRecipients = { ...site, deployment: { ...site.deployment, webhookRecipients: "" } };

const itemsOf = (html: string) => {
  const page = document.createElement("div");
  page.innerHTML = html;
  return [...page.querySelectorAll("li")].map((item) => (item.textContent ?? "").trim());
};

test("with a forwarding recipient set, the forwarding's legal basis is a list item of its own", () => {
  const items = itemsOf(legalMarkdownHtml(content, withRecipients));
  expect(items.filter((item) => item.startsWith("Weiterleitung an unser Programm"))).toHaveLength(1);
  expect(items.filter((item) => /\n\s*- /.test(item) || /\{\{/.test(item))).toEqual([]);
});

test("without one, the item is not there and the items around it stay whole", () => {
  const items = itemsOf(legalMarkdownHtml(content, withoutRecipients));
  expect(items.some((item) => item.includes("Weiterleitung an unser Programm"))).toBe(false);
  expect(items.some((item) => item.startsWith("Protokoll des Verwaltungsbereichs:"))).toBe(true);
  expect(items.filter((item) => /\{\{/.test(item))).toEqual([]);
});
