/**
 * The Person screen's „Person abmelden“: for a withdrawal that came by message, a confirmation that says
 * what happens (no more mails, the proof stays), an optional note for the audit log, keyboard and screen
 * reader friendly; a session too old gets the login confirmation. The server's answers are those of the
 * owner API (server/routes/owner/people.ts).
 */
import React from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { PersonPage } from "../../src/owner/pages/PersonPage";

const EMAIL = "wiebke@beispiel.de";

const person = (status: string) => ({
  found: true,
  data: {
    email: EMAIL,
    leads: [{ id: 7, email: EMAIL, name: "Wiebke", status, confirmed_at: "2026-11-20T08:00:00.000Z" }],
    consents: [],
    leadLinks: [],
    contactRequests: [],
    mails: [],
    webhooks: [],
  },
});

type Answer = { status?: number; body: unknown };
let answers: Record<string, Answer[]>;
let fetchMock: jest.Mock;

/** Answers by method and path; a list is used up in order, its last answer repeated. */
function serve(routes: Record<string, Answer[]>) {
  answers = routes;
  fetchMock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(String(url), "http://localhost").pathname}`;
    const list = answers[key];
    if (!list) throw new Error(`unexpected ${key}`);
    const answer = list.length > 1 ? list.shift()! : list[0]!;
    const status = answer.status ?? 200;
    return { ok: status < 400, status, json: async () => answer.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
}

const posts = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => init?.method === "POST" && String(url).endsWith("/person/abmelden"))
    .map(([, init]) => JSON.parse(String(init.body)));

async function showPerson(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  const { container } = render(<PersonPage />);
  await user.type(screen.getByRole("textbox", { name: "E-Mail-Adresse" }), EMAIL);
  await user.click(screen.getByRole("button", { name: "Anzeigen" }));
  await screen.findByRole("heading", { name: "Von unseren E-Mails abmelden" });
  return container;
}

test("shows a sign-up's state in German, not as stored", async () => {
  serve({ "GET /api/verwaltung/person": [{ body: person("confirmed") }] });
  await showPerson(userEvent.setup());
  expect(screen.getByText("bestätigt")).toBeInTheDocument();
  expect(screen.queryByText("confirmed")).not.toBeInTheDocument();
});

test("a confirmed sign-up is unsubscribed after a confirmation that says the proof stays, with the note", async () => {
  serve({
    "GET /api/verwaltung/person": [{ body: person("confirmed") }, { body: person("unsubscribed") }],
    "POST /api/verwaltung/person/abmelden": [{ body: { unsubscribed: true, already: false } }],
  });
  const user = userEvent.setup();
  const container = await showPerson(user);

  const opener = screen.getByRole("button", { name: "Person abmelden …" });
  await user.click(opener);
  const dialog = screen.getByRole("dialog", { name: `${EMAIL} abmelden?` });
  expect(dialog).toHaveAccessibleDescription(
    `${EMAIL} bekommt danach keine E-Mails mehr von uns; noch geplante E-Mails werden abgesagt. Der Nachweis der Einwilligung bleibt gespeichert, und die Adresse steht auf der Sperrliste, bis sich die Person selbst neu anmeldet.`,
  );
  const note = within(dialog).getByRole("textbox", { name: "Wie kam der Widerruf? (optional)" });
  expect(note).toHaveFocus();
  expect(note).toHaveAccessibleDescription("Kommt mit Uhrzeit und deiner Adresse ins Protokoll.");
  expect(note).toHaveAttribute("maxLength", "200");
  const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
  expect(results.violations.map((violation) => violation.id)).toEqual([]);
  expect(posts()).toEqual([]);

  await user.keyboard("per E-Mail am 26.11.{Enter}");
  expect(
    await screen.findByText(
      `${EMAIL} ist abgemeldet und bekommt keine E-Mails mehr von uns. Der Nachweis der Einwilligung bleibt gespeichert.`,
    ),
  ).toBeInTheDocument();
  expect(posts()).toEqual([{ email: EMAIL, note: "per E-Mail am 26.11." }]);
  // The page shows the state as stored now: unsubscribed, so no second „abmelden“.
  await waitFor(() => expect(screen.queryByRole("heading", { name: "Von unseren E-Mails abmelden" })).not.toBeInTheDocument());
  expect(screen.getByText("abgemeldet")).toBeInTheDocument();
});

test("cancelling or Escape sends nothing and puts the focus back; an unsubscribed person gets no such button", async () => {
  serve({ "GET /api/verwaltung/person": [{ body: person("pending") }, { body: person("unsubscribed") }] });
  const user = userEvent.setup();
  await showPerson(user);
  await user.click(screen.getByRole("button", { name: "Person abmelden …" }));
  await user.click(screen.getByRole("button", { name: "Abbrechen" }));
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Person abmelden …" })).toHaveFocus();
  await user.keyboard("{Enter}");
  expect(screen.getByRole("dialog")).toBeInTheDocument();
  await user.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(posts()).toEqual([]);

  await user.click(screen.getByRole("button", { name: "Anzeigen" }));
  await screen.findByText("abgemeldet");
  expect(screen.queryByRole("button", { name: "Person abmelden …" })).not.toBeInTheDocument();
});

test("a session too old is asked to confirm the login before anything changes", async () => {
  serve({
    "GET /api/verwaltung/person": [{ body: person("confirmed") }],
    "POST /api/verwaltung/person/abmelden": [
      { status: 403, body: { error: "Bitte bestätige deine Anmeldung: …", confirmLogin: true } },
    ],
    "GET /api/verwaltung/sitzung": [{ body: { email: "inhaber@beispiel.de", recent: false } }],
    "GET /api/verwaltung/passkeys": [{ body: { passkeys: [] } }],
  });
  const user = userEvent.setup();
  await showPerson(user);
  await user.click(screen.getByRole("button", { name: "Person abmelden …" }));
  await user.click(screen.getByRole("button", { name: "Ja, abmelden" }));
  expect(await screen.findByRole("alertdialog", { name: "Bitte bestätige deine Anmeldung" })).toBeInTheDocument();
  expect(posts()).toEqual([{ email: EMAIL }]);
  expect(screen.queryByText(/ist abgemeldet/)).not.toBeInTheDocument();
});
