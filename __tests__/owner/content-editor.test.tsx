/**
 * The content editor against a stand-in for the server: it starts with the person's draft, and the refusals
 * of „Veröffentlichen“ bring their data to the screen through the one fetch client (src/owner/api.ts): the
 * check's problems (422) at their fields, someone else's change (409) as the conflict card.
 */
import React from "react";
import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { EDITABLE_FILES } from "../../common/content/editable-files";
import { formDataOf, formSchemaFor } from "../../common/content/content-forms";
import { ContentEditor } from "../../src/owner/content/ContentEditor";

const entry = EDITABLE_FILES.find((item) => item.file === "faq.json")!;
const data = formDataOf(entry, readFileSync(path.join(__dirname, "../../content/faq.json"), "utf8")) as {
  question: string;
  answer: string;
}[];
const change = {
  commit: "c".repeat(40),
  author: "Karl",
  email: "karl@beispiel.de",
  date: "2026-12-04T10:00:00+01:00",
  message: "Antworten",
};

/** The server's answers by method and path; `publish` answers „Veröffentlichen“. */
function serve(publish: { status: number; body: unknown }) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const route = `${init?.method ?? "GET"} ${url.replace(/^\/api\/verwaltung/, "").replace(/\?.*$/, "")}`;
    calls.push(route);
    const answers: Record<string, unknown> = {
      "GET /inhalte/datei": {
        file: "faq.json",
        title: "Häufige Fragen",
        kind: "json",
        schema: formSchemaFor(entry),
        data,
        baseCommit: "b".repeat(40),
        draft: {
          editor: "eva@urkraft-test.de",
          file: "faq.json",
          data,
          baseCommit: "b".repeat(40),
          updatedAt: "2026-12-05T08:00:00Z",
        },
        otherDrafts: [],
        pages: ["/"],
        planned: [],
      },
      "GET /inhalte": { publishing: { to: "deploy" } },
      "GET /inhalte/bilder": { images: [], pending: [] },
      "POST /inhalte/pruefen": { problems: [], otherProblems: [] },
      "POST /inhalte/entwurf": { otherDrafts: [] },
    };
    const refused = route === "POST /inhalte/veroeffentlichen";
    return {
      ok: refused ? publish.status < 300 : true,
      status: refused ? publish.status : 200,
      json: async () => (refused ? publish.body : answers[route]),
    } as Response;
  }) as unknown as typeof fetch;
  return calls;
}

async function publishWith(message: string) {
  render(<ContentEditor file="faq.json" />);
  await screen.findByRole("heading", { name: "Häufige Fragen", level: 1 });
  await userEvent.click(screen.getByRole("button", { name: "Veröffentlichen …" }));
  await userEvent.type(screen.getByLabelText("Was hast du geändert?"), message);
  await userEvent.click(screen.getByRole("button", { name: "Jetzt veröffentlichen" }));
}

afterEach(() => jest.restoreAllMocks());

it("shows the check's problems from a refused publish at their field", async () => {
  serve({
    status: 422,
    body: {
      error: "Die Änderung ist noch nicht fertig: Bitte behebe zuerst die markierten Stellen.",
      problems: [{ path: [0, "answer"], message: "braucht einen ganzen Satz" }],
      otherProblems: [],
    },
  });
  await publishWith("Antwort gekürzt");
  expect(await screen.findByText(/^Die Änderung ist noch nicht fertig/)).toBeTruthy();
  await waitFor(() =>
    expect(document.querySelector("#feld_0_answer__fehler")?.textContent).toContain("braucht einen ganzen Satz"),
  );
  expect(screen.getByText(/Eine Stelle braucht/)).toBeTruthy();
});

it("shows someone else's change from a refused publish as the conflict card", async () => {
  const calls = serve({
    status: 409,
    body: {
      error: "Jemand anderes hat diese Datei inzwischen geändert. Deine Änderung wurde nicht veröffentlicht.",
      conflict: {
        change,
        data,
        merged: data,
        fields: [{ path: ["0", "answer"], field: "Eintrag 1 › Antwort", base: "Alt.", mine: "Meine.", theirs: "Karls." }],
      },
    },
  });
  await publishWith("Antworten");
  const heading = await screen.findByRole("heading", { name: "Diese Datei wurde inzwischen geändert" });
  expect(await screen.findByText("Karls.")).toBeTruthy();
  // The card takes the focus and says what happened; no message above repeats it.
  expect(heading).toHaveFocus();
  expect(screen.queryByText(/^Jemand anderes hat diese Datei inzwischen geändert/)).toBeNull();
  expect(calls.filter((call) => call === "POST /inhalte/veroeffentlichen")).toHaveLength(1);
});
