/**
 * The lead form's consent text names the button it stands beside, and a legal page shows both "Gültig am"
 * (today) and "Fassung vom" (the text's revision date from its front matter), with every placeholder filled.
 */
import fs from "node:fs";
import path from "node:path";
import React from "react";
import { render, screen, within } from "@testing-library/react";
import { readFrontMatter } from "../common/content/front-matter";
import type { PageProps } from "gatsby";
import { LeadForm, LEAD_SUBMIT_LABEL } from "../src/forms/LeadForm";
import LegalPage from "../src/templates/legal-page";
import { formatLongGermanDate } from "../src/german-date";
import { toFill } from "../common/content/placeholders";
import { legalMarkdownHtml } from "../common/content/legal-html";
import { CONTENT_DIR, provideStaticQueries } from "./support/content";

describe("consent text", () => {
  it("ties the consent to the click on the form's own button", () => {
    provideStaticQueries();
    render(<LeadForm />);
    const button = screen.getByRole("button", { name: LEAD_SUBMIT_LABEL });
    const consent = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(consent.textContent).toContain(`„${LEAD_SUBMIT_LABEL}“`);
  });

  it("stands above the button, so it is read before the click, and brings in the AGB", () => {
    provideStaticQueries();
    render(<LeadForm />);
    const button = screen.getByRole("button", { name: LEAD_SUBMIT_LABEL });
    const consent = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(consent.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(consent).getByRole("link", { name: "AGB" })).toHaveAttribute("href", "/agb");
    // The AGB stand on their own line, apart from the declaration of consent (Art. 7 Abs. 2 DSGVO).
    const agb = within(consent).getByRole("link", { name: "AGB" }).closest("p")!;
    expect(agb).toHaveTextContent(/^Es gelten unsere AGB\.$/);
    expect(
      within(consent)
        .getByText(/willige ich ein/)
        .closest("p"),
    ).not.toContainElement(agb);
  });
});

function renderLegal(slug: string) {
  const site = provideStaticQueries();
  const { data, content } = readFrontMatter(fs.readFileSync(path.join(CONTENT_DIR, "legal", `${slug}.md`), "utf8"));
  const props = {
    // As gatsby-node.ts's safeHtml resolver makes it from the rendered text.
    data: {
      markdownRemark: { safeHtml: legalMarkdownHtml(content, site), frontmatter: { ...data, revised: String(data.revised) } },
    },
  } as unknown as PageProps<Queries.LegalPageQuery>;
  render(<LegalPage {...props} />);
  return { site, revised: String(data.revised) };
}

describe("legal page", () => {
  it.each(["datenschutz", "personenbezogene-daten", "agb", "impressum"])(
    "%s shows today's date in German format as „Gültig am“, beside the revision date as „Fassung vom“",
    (slug) => {
      jest.useFakeTimers({ now: new Date("2026-12-24T10:00:00Z"), doNotFake: ["nextTick", "setImmediate"] });
      try {
        const { revised } = renderLegal(slug);
        const line = screen.getByText(/^Gültig am/);
        expect(line).toHaveTextContent(
          `Gültig am 24.12.2026 · Fassung vom ${formatLongGermanDate(new Date(`${revised}T12:00:00Z`))}`,
        );
        const [today, revision] = Array.from(line.querySelectorAll("time"));
        expect(today).toHaveAttribute("datetime", "2026-12-24");
        expect(today).toHaveAttribute("data-today");
        expect(revision).toHaveAttribute("datetime", revised);
        expect(revision).not.toHaveAttribute("data-today");
      } finally {
        jest.useRealTimers();
      }
    },
  );

  it("fills every placeholder and condition of the privacy statement; empty deployment facts show as to fill", () => {
    const { site } = renderLegal("datenschutz");
    const text = document.body.textContent ?? "";
    expect(text).not.toMatch(/\{\{/);
    const deployment = (site as unknown as { deployment: Record<string, string> }).deployment;
    for (const key of ["hostingProvider", "mailProvider", "mailboxProvider"]) {
      expect(text).toContain(deployment[key] === "" ? toFill(`deployment.${key}`) : deployment[key]);
    }
  });
});

describe("the site settings the legal pages render", () => {
  it("are all asked for by the site query, so no deployment fact stays an unfilled {{…}} in the build", () => {
    const query = fs.readFileSync(path.join(__dirname, "..", "src", "hooks", "useSiteSettings.ts"), "utf8");
    const deploymentBlock = /deployment \{([^}]*)\}/.exec(query)![1]!;
    const asked = new Set(deploymentBlock.split(/\s+/).filter(Boolean));
    const used = new Set<string>();
    for (const slug of ["datenschutz", "personenbezogene-daten", "agb", "impressum"]) {
      const text = fs.readFileSync(path.join(CONTENT_DIR, "legal", `${slug}.md`), "utf8");
      for (const match of text.matchAll(/\{\{(?:#if\s+)?deployment\.(\w+)/g)) used.add(match[1]!);
    }
    expect([...used].filter((field) => !asked.has(field))).toEqual([]);
  });
});
