import React from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigate } from "gatsby";
import { LeadForm } from "../../src/forms/LeadForm";
import { EMAIL_HTML_PATTERN, MESSAGE_HINTS, MESSAGES } from "../../common/forms/schemas";
import { SUBMIT_MESSAGES } from "../../src/forms/submit";
import { LIMITS, REDIRECT_DELAY_MS, THANK_YOU_PATH } from "../../common/constants";
import { provideStaticQueries } from "../support/content";
import { deferred, htmlResponse, jsonResponse, mockFetch, neverAnswered, errorOf, pass, setUpFormTests } from "./support";

const navigateMock = navigate as jest.Mock;

setUpFormTests();

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<LeadForm />);
  return {
    user,
    name: screen.getByLabelText("Dein Vorname *") as HTMLInputElement,
    email: screen.getByLabelText("Deine E-Mail-Adresse *") as HTMLInputElement,
    button: () => screen.getByRole("button", { name: /Kostenlos anfordern|Wird gesendet/ }),
    alert: () => screen.getByRole("alert"),
  };
}

describe("LeadForm without JavaScript", () => {
  it("is a plain POST form to /api/leads whose fields carry names and HTML constraints", () => {
    const { name, email } = setup();
    const form = name.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/leads");
    expect(name).toHaveAttribute("name", "name");
    expect(name).toBeRequired();
    expect(name).toHaveAttribute("maxLength", String(LIMITS.name));
    expect(email).toHaveAttribute("name", "email");
    expect(email).toHaveAttribute("type", "email");
    expect(email).toBeRequired();
    expect(email).toHaveAttribute("maxLength", String(LIMITS.email));
    expect(email).toHaveAttribute("pattern", EMAIL_HTML_PATTERN);
  });

  it("turns off the browser's own bubbles once hydrated, keeping the required attributes", () => {
    const { name } = setup();
    expect(name.closest("form")!.noValidate).toBe(true);
    expect(name).toBeRequired();
  });

  it("has a honeypot named website, hidden from people, assistive technology, tabbing and autofill", () => {
    const { name } = setup();
    const trap = name.closest("form")!.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveValue("");
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap).toHaveAttribute("autocomplete", "off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /Website/ })).toBeNull();
  });
});

describe("LeadForm consent text", () => {
  it("names the company, links the contact e-mail and the privacy statement, and describes the button", () => {
    const site = provideStaticQueries();
    const { button } = setup();
    const consentId = button().getAttribute("aria-describedby")!;
    const consent = document.getElementById(consentId)!;
    expect(consent).toHaveTextContent(site.legal.company);
    expect(consent).toHaveTextContent(/jederzeit widerrufen/);
    expect(consent.textContent).not.toMatch(/\{(company|email)\}/);
    expect(within(consent).getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    expect(within(consent).getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/datenschutz");
  });
});

describe("LeadForm validation", () => {
  it("shows 'Name erforderlich' and 'Ungültige E-Mail' under empty fields, sends nothing and focuses the name", async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await user.click(button());
    await pass(0);

    expect(errorOf(name)).toBe(MESSAGES.leadName);
    expect(errorOf(email)).toBe(MESSAGES.leadEmail);
    // Each hint stands beside its message, not instead of it, and is read with it.
    expect(name).toHaveAccessibleDescription(`${MESSAGES.leadName} ${MESSAGE_HINTS[MESSAGES.leadName]}`);
    expect(email).toHaveAccessibleDescription(`${MESSAGES.leadEmail} ${MESSAGE_HINTS[MESSAGES.leadEmail]}`);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(button()).toHaveTextContent("Kostenlos anfordern");
    expect(button()).toBeEnabled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it("treats a name of only spaces as missing", async () => {
    mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await user.type(name, "    ");
    await user.type(email, "markus@beispiel.de");
    await user.click(button());
    await pass(0);
    expect(errorOf(name)).toBe(MESSAGES.leadName);
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(name).toHaveFocus();
  });

  it.each([
    "markus",
    "markus@",
    "markus@beispiel",
    "mar kus@beispiel.de",
    "markus@@beispiel.de",
    "markus@beispiel..de",
    "@beispiel.de",
  ])("rejects the e-mail %p with 'Ungültige E-Mail' and focuses it", async (bad) => {
    const { fetchMock } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await user.type(name, "Markus");
    await user.type(email, bad);
    await user.click(button());
    await pass(0);
    expect(errorOf(email)).toBe(MESSAGES.leadEmail);
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows no message before the first submit, and clears a message as soon as the field is fixed", async () => {
    mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await user.type(email, "x");
    await user.tab();
    expect(errorOf(email)).toBe("");
    await user.click(button());
    await pass(0);
    expect(errorOf(name)).toBe(MESSAGES.leadName);
    await user.type(name, "Markus");
    expect(errorOf(name)).toBe("");
    expect(name).not.toHaveAttribute("aria-invalid");
  });
});

describe("LeadForm sending", () => {
  async function fillValid(user: ReturnType<typeof userEvent.setup>, name: HTMLElement, email: HTMLElement) {
    await user.type(name, "  Markus  ");
    await user.type(email, "markus@beispiel.de");
  }

  it("posts the trimmed values and the empty honeypot as JSON to /api/leads", async () => {
    const { sent } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await fillValid(user, name, email);
    await user.click(button());
    await pass(REDIRECT_DELAY_MS);

    expect(sent()).toHaveLength(1);
    const [request] = sent();
    expect(request.url).toBe("/api/leads");
    expect(request.method).toBe("POST");
    expect(request.headers["Content-Type"]).toBe("application/json");
    expect(request.body).toEqual({ name: "Markus", email: "markus@beispiel.de", website: "" });
  });

  it("reads 'Wird gesendet...' and is disabled while sending, and goes to the thank-you page no sooner than 800 ms after the click", async () => {
    mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await fillValid(user, name, email);
    await user.click(button());

    expect(button()).toHaveTextContent("Wird gesendet...");
    expect(button()).toBeDisabled();
    await pass(REDIRECT_DELAY_MS - 1);
    expect(navigateMock).not.toHaveBeenCalled();
    expect(button()).toHaveTextContent("Wird gesendet...");
    await pass(1);
    expect(navigateMock).toHaveBeenCalledTimes(1);
    expect(navigateMock).toHaveBeenCalledWith(THANK_YOU_PATH);
  });

  it("waits for the server's acceptance when it takes longer than 800 ms, then goes on without a further delay", async () => {
    const answer = deferred<Response>();
    mockFetch(() => answer.promise);
    const { user, name, email, button } = setup();
    await fillValid(user, name, email);
    await user.click(button());

    await pass(3000);
    expect(navigateMock).not.toHaveBeenCalled();
    expect(button()).toBeDisabled();
    answer.resolve(jsonResponse(202, { ok: true }));
    await pass(0);
    expect(navigateMock).toHaveBeenCalledWith(THANK_YOU_PATH);
  });

  it("sends one request on a double click", async () => {
    const answer = deferred<Response>();
    const { fetchMock } = mockFetch(() => answer.promise);
    const { user, name, email, button } = setup();
    await fillValid(user, name, email);
    await user.dblClick(button());
    fireEvent.submit(name.closest("form")!);
    answer.resolve(jsonResponse(202, { ok: true }));
    await pass(REDIRECT_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigateMock).toHaveBeenCalledTimes(1);
  });

  it("sends a filled honeypot along, so the server can tell a bot", async () => {
    const { sent } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, button } = setup();
    await fillValid(user, name, email);
    fireEvent.change(name.closest("form")!.querySelector('input[name="website"]')!, {
      target: { value: "https://spam.example" },
    });
    await user.click(button());
    await pass(REDIRECT_DELAY_MS);
    expect(sent()[0].body.website).toBe("https://spam.example");
  });
});

describe("LeadForm when the server refuses or cannot be reached", () => {
  async function submitValid() {
    const form = setup();
    await form.user.type(form.name, "Markus");
    await form.user.type(form.email, "markus@beispiel.de");
    await form.user.click(form.button());
    await pass(0);
    return form;
  }

  it("shows the server's field error under its field, keeps the values and gives the button back", async () => {
    mockFetch(() => jsonResponse(400, { errors: { email: MESSAGES.leadEmail } }));
    const { name, email, button } = await submitValid();
    expect(errorOf(email)).toBe(MESSAGES.leadEmail);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();
    expect(name).toHaveValue("Markus");
    expect(email).toHaveValue("markus@beispiel.de");
    expect(button()).toBeEnabled();
    expect(button()).toHaveTextContent("Kostenlos anfordern");
    await pass(REDIRECT_DELAY_MS);
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it.each([
    ["no connection", () => Promise.reject(new TypeError("Failed to fetch")), SUBMIT_MESSAGES.network],
    [
      "429 with the server's text",
      () =>
        jsonResponse(429, {
          error: "Zu viele Anfragen in kurzer Zeit. Bitte warte 42 Sekunden und versuche es dann noch einmal.",
        }),
      "Zu viele Anfragen in kurzer Zeit. Bitte warte 42 Sekunden und versuche es dann noch einmal.",
    ],
    ["429 without a text", () => htmlResponse(429), SUBMIT_MESSAGES.tooManyRequests],
    ["500", () => jsonResponse(500, { error: "Da ist bei uns leider etwas schiefgelaufen." }), SUBMIT_MESSAGES.server],
    ["502 from a proxy", () => htmlResponse(502), SUBMIT_MESSAGES.server],
  ])(
    "on %s shows a German message above the button, keeps the values and re-enables the button",
    async (_case, answer, message) => {
      mockFetch(answer as () => Promise<Response>);
      const { name, email, button, alert } = await submitValid();
      expect(alert()).toHaveTextContent(message);
      expect(alert()).toHaveFocus();
      expect(alert().compareDocumentPosition(button()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(name).toHaveValue("Markus");
      expect(email).toHaveValue("markus@beispiel.de");
      expect(button()).toBeEnabled();
      expect(button()).toHaveTextContent("Kostenlos anfordern");
      await pass(REDIRECT_DELAY_MS);
      expect(navigateMock).not.toHaveBeenCalled();
    },
  );

  it("tries again after a failure and then reaches the thank-you page, with the message gone", async () => {
    let calls = 0;
    mockFetch(() => (++calls === 1 ? Promise.reject(new TypeError("Failed to fetch")) : jsonResponse(202, { ok: true })));
    const { user, button, alert } = await submitValid();
    expect(alert()).toHaveTextContent(SUBMIT_MESSAGES.network);
    await user.click(button());
    expect(alert()).toBeEmptyDOMElement();
    await pass(REDIRECT_DELAY_MS);
    expect(calls).toBe(2);
    expect(navigateMock).toHaveBeenCalledWith(THANK_YOU_PATH);
  });

  it("gives the button back when the server does not answer at all", async () => {
    mockFetch((_request, init) => neverAnswered(init));
    const { button, alert } = await submitValid();
    expect(button()).toBeDisabled();
    await pass(20_000);
    expect(alert()).toHaveTextContent(SUBMIT_MESSAGES.timeout);
    expect(button()).toBeEnabled();
  });
});
