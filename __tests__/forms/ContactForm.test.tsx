import React from "react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigate } from "gatsby";
import { ContactForm } from "../../src/forms/ContactForm";
import { EMAIL_HTML_PATTERN, MESSAGES } from "../../common/forms/schemas";
import { SUBMIT_MESSAGES } from "../../src/forms/submit";
import { LIMITS, REDIRECT_DELAY_MS, THANK_YOU_PATH } from "../../common/constants";
import { jsonResponse, mockFetch, errorOf, pass, setUpFormTests } from "./support";

const navigateMock = navigate as jest.Mock;

setUpFormTests();

function setup() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<ContactForm />);
  return {
    user,
    name: screen.getByLabelText("Dein Name *") as HTMLInputElement,
    email: screen.getByLabelText("Deine E-Mail *") as HTMLInputElement,
    message: screen.getByLabelText("Deine Nachricht *") as HTMLTextAreaElement,
    button: () => screen.getByRole("button", { name: /Nachricht senden|Wird gesendet/ }),
    alert: () => screen.getByRole("alert"),
  };
}

function counter(): HTMLElement {
  return screen.getByText(/\/1000$/);
}

describe("ContactForm fields", () => {
  it("has the spec's labels, example placeholders, limits 100/255/1000 and a textarea of 6 rows", () => {
    const { name, email, message } = setup();
    expect(name).toHaveAttribute("placeholder", expect.stringMatching(/^z\.\u00a0B\. \S+/));
    expect(email).toHaveAttribute("placeholder", expect.stringMatching(/^z\.\u00a0B\. \S+@\S+\.\S+$/));
    expect(message).toHaveAttribute("placeholder", expect.stringMatching(/^z\.\u00a0B\. .+/));
    expect(name).toHaveAttribute("maxLength", String(LIMITS.name));
    expect(email).toHaveAttribute("maxLength", String(LIMITS.email));
    expect(message).toHaveAttribute("maxLength", String(LIMITS.message));
    expect(LIMITS).toEqual({ name: 100, email: 255, message: 1000 });
    expect(message.tagName).toBe("TEXTAREA");
    expect(message).toHaveAttribute("rows", "6");
    expect(screen.getByRole("button", { name: "Nachricht senden" })).toBeEnabled();
  });

  it("is a plain POST form to /api/contact with names, required fields and the e-mail pattern, set to noValidate once hydrated", () => {
    const { name, email, message } = setup();
    const form = name.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/contact");
    expect(form.noValidate).toBe(true);
    expect([name, email, message].map((field) => field.getAttribute("name"))).toEqual(["name", "email", "message"]);
    for (const field of [name, email, message]) expect(field).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("pattern", EMAIL_HTML_PATTERN);
    const trap = form.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute("tabindex", "-1");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("counts the message live as n/1000 and ties the counter to the textarea", async () => {
    const { user, message } = setup();
    expect(counter()).toHaveTextContent("0/1000");
    expect(message.getAttribute("aria-describedby")).toContain(counter().id);
    await user.type(message, "Hallo Urkraft");
    expect(counter()).toHaveTextContent("13/1000");
    await user.clear(message);
    expect(counter()).toHaveTextContent("0/1000");
  });

  it("stops typing at 1000 characters and shows 1000/1000", async () => {
    const { user, message } = setup();
    await user.click(message);
    await user.paste("a".repeat(1200));
    expect(message.value).toHaveLength(1000);
    expect(counter()).toHaveTextContent("1000/1000");
  });

  it("links the privacy statement beside the button and asks not to send health data, without a checkbox", () => {
    const { button } = setup();
    const notice = document.getElementById(button().getAttribute("aria-describedby")!)!;
    expect(within(notice).getByRole("link", { name: "Datenschutzerklärung" })).toHaveAttribute("href", "/datenschutz");
    expect(notice).toHaveTextContent(/keine Gesundheitsdaten/);
    expect(screen.queryByRole("checkbox")).toBeNull();
  });
});

describe("ContactForm validation on submit", () => {
  async function submit(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
    await user.click(button);
    await pass(0);
  }

  it("shows all three messages under empty fields, focuses the name and sends nothing", async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, message, button } = setup();
    await submit(user, button());
    expect(errorOf(name)).toBe(MESSAGES.contactName);
    expect(errorOf(email)).toBe(MESSAGES.contactEmail);
    expect(errorOf(message)).toBe(MESSAGES.contactMessage);
    for (const field of [name, email, message]) expect(field).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
    expect(button()).toHaveTextContent("Nachricht senden");
    expect(button()).toBeEnabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("treats a name and a message of only spaces as missing, and focuses the first of them", async () => {
    mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, message, button } = setup();
    await user.type(email, "thomas@beispiel.de");
    await user.type(name, "   ");
    await user.type(message, "  \n  ");
    await submit(user, button());
    expect(errorOf(name)).toBe(MESSAGES.contactName);
    expect(errorOf(message)).toBe(MESSAGES.contactMessage);
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(name).toHaveFocus();
  });

  it("rejects an e-mail without a domain part with „Ungültige E-Mail-Adresse“ and focuses it", async () => {
    mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, message, button } = setup();
    await user.type(name, "Thomas");
    await user.type(email, "thomas@beispiel");
    await user.type(message, "Hallo");
    await submit(user, button());
    expect(errorOf(email)).toBe(MESSAGES.contactEmail);
    expect(email).toHaveFocus();
  });

  it("refuses a name over 100 and a message over 1000 characters that got past the input limits", async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, message, button } = setup();
    // A browser without maxlength support (or a script) could put longer text in.
    fireEvent.change(name, { target: { value: "N".repeat(101) } });
    await user.type(email, "thomas@beispiel.de");
    fireEvent.change(message, { target: { value: "M".repeat(1001) } });
    await submit(user, button());
    expect(errorOf(name)).toBe(MESSAGES.contactName);
    expect(errorOf(message)).toBe(MESSAGES.contactMessage);
    expect(counter()).toHaveTextContent("1001/1000");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("accepts exactly 100 and 1000 characters", async () => {
    const { sent } = mockFetch(() => jsonResponse(202, { ok: true }));
    const { user, name, email, message, button } = setup();
    fireEvent.change(name, { target: { value: "N".repeat(100) } });
    await user.type(email, "thomas@beispiel.de");
    fireEvent.change(message, { target: { value: "M".repeat(1000) } });
    await submit(user, button());
    await pass(REDIRECT_DELAY_MS);
    expect(sent()).toHaveLength(1);
    expect(navigateMock).toHaveBeenCalledWith(THANK_YOU_PATH);
  });
});

describe("ContactForm sending", () => {
  async function fillValid(form: ReturnType<typeof setup>) {
    await form.user.type(form.name, " Thomas Müller ");
    await form.user.type(form.email, "thomas@beispiel.de");
    await form.user.type(form.message, "  Wie oft pro Woche sollte ich trainieren?  ");
  }

  it("posts trimmed values as JSON, reads 'Wird gesendet...' while disabled, and goes on no sooner than 800 ms after the click", async () => {
    const { sent } = mockFetch(() => jsonResponse(202, { ok: true }));
    const form = setup();
    await fillValid(form);
    await form.user.click(form.button());
    expect(form.button()).toHaveTextContent("Wird gesendet...");
    expect(form.button()).toBeDisabled();

    await pass(REDIRECT_DELAY_MS - 1);
    expect(navigateMock).not.toHaveBeenCalled();
    await pass(1);
    expect(navigateMock).toHaveBeenCalledWith(THANK_YOU_PATH);
    expect(sent()).toHaveLength(1);
    expect(sent()[0].url).toBe("/api/contact");
    expect(sent()[0].body).toEqual({
      name: "Thomas Müller",
      email: "thomas@beispiel.de",
      message: "Wie oft pro Woche sollte ich trainieren?",
      website: "",
    });
  });

  it("sends one request on a double click", async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(202, { ok: true }));
    const form = setup();
    await fillValid(form);
    await form.user.dblClick(form.button());
    await pass(REDIRECT_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigateMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message error under the message and focuses it, keeping every value", async () => {
    mockFetch(() => jsonResponse(400, { errors: { message: MESSAGES.contactMessage } }));
    const form = setup();
    await fillValid(form);
    await form.user.click(form.button());
    await pass(0);
    expect(errorOf(form.message)).toBe(MESSAGES.contactMessage);
    expect(form.message).toHaveFocus();
    expect(form.name).toHaveValue(" Thomas Müller ");
    expect(form.message).toHaveValue("  Wie oft pro Woche sollte ich trainieren?  ");
    expect(form.button()).toBeEnabled();
  });

  it("shows a German message above the button on a server error and gives the button back", async () => {
    mockFetch(() => jsonResponse(503, { error: "Service Unavailable" }));
    const form = setup();
    await fillValid(form);
    await form.user.click(form.button());
    await pass(0);
    expect(form.alert()).toHaveTextContent(SUBMIT_MESSAGES.server);
    expect(form.button()).toHaveTextContent("Nachricht senden");
    expect(form.button()).toBeEnabled();
    expect(form.email).toHaveValue("thomas@beispiel.de");
    await pass(REDIRECT_DELAY_MS);
    expect(navigateMock).not.toHaveBeenCalled();
  });

  it("shows a general message when the server refuses a field the form does not have", async () => {
    mockFetch(() => jsonResponse(400, { errors: { subject: "Unbekannt" } }));
    const form = setup();
    await fillValid(form);
    await form.user.click(form.button());
    await pass(0);
    expect(form.alert()).toHaveTextContent(SUBMIT_MESSAGES.rejected);
    expect(form.button()).toBeEnabled();
  });
});
