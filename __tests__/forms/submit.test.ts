import { submitForm, SUBMIT_MESSAGES } from "../../src/forms/submit";
import { MESSAGES } from "../../common/forms/schemas";
import { clearFetch, htmlResponse, jsonResponse, mockFetch } from "./support";

afterEach(clearFetch);

describe("submitForm", () => {
  it("posts JSON, asks for JSON and counts 202 as accepted", async () => {
    const { sent } = mockFetch(() => jsonResponse(202, { ok: true }));
    await expect(submitForm("/api/leads", { name: "Markus", email: "m@b.de", website: "" })).resolves.toEqual({
      kind: "accepted",
    });
    expect(sent()).toEqual([
      {
        url: "/api/leads",
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: { name: "Markus", email: "m@b.de", website: "" },
      },
    ]);
  });

  it("reads an accepted answer to its end, so the browser does not keep the request open", async () => {
    const text = jest.fn(async () => '{"ok":true}');
    mockFetch(() => ({ ...jsonResponse(202, { ok: true }), text }) as Response);
    await expect(submitForm("/api/leads", {})).resolves.toEqual({ kind: "accepted" });
    expect(text).toHaveBeenCalledTimes(1);
  });

  it("turns 400 {errors} into field errors", async () => {
    mockFetch(() =>
      jsonResponse(400, {
        errors: { email: MESSAGES.leadEmail, name: MESSAGES.leadName },
      }),
    );
    await expect(submitForm("/api/leads", {})).resolves.toEqual({
      kind: "invalid",
      errors: { email: MESSAGES.leadEmail, name: MESSAGES.leadName },
    });
  });

  it("shows the server's text for a 400 without field errors, or a general one", async () => {
    mockFetch(() => jsonResponse(400, { error: "Deine Anfrage konnte nicht gelesen werden." }));
    await expect(submitForm("/api/leads", {})).resolves.toEqual({
      kind: "failed",
      message: "Deine Anfrage konnte nicht gelesen werden.",
    });
    mockFetch(() => htmlResponse(403));
    await expect(submitForm("/api/leads", {})).resolves.toEqual({ kind: "failed", message: SUBMIT_MESSAGES.rejected });
  });

  it("uses the server's 429 text (it says how long to wait), else its own", async () => {
    mockFetch(() =>
      jsonResponse(429, { error: "Zu viele Anfragen in kurzer Zeit. Bitte warte 3 Minuten und versuche es dann noch einmal." }),
    );
    await expect(submitForm("/api/contact", {})).resolves.toEqual({
      kind: "failed",
      message: "Zu viele Anfragen in kurzer Zeit. Bitte warte 3 Minuten und versuche es dann noch einmal.",
    });
    mockFetch(() => jsonResponse(429, {}));
    await expect(submitForm("/api/contact", {})).resolves.toEqual({ kind: "failed", message: SUBMIT_MESSAGES.tooManyRequests });
  });

  it.each([500, 502, 503, 504])("answers %i with its own German message, whatever the body says", async (status) => {
    mockFetch(() => jsonResponse(status, { error: "Bad Gateway" }));
    await expect(submitForm("/api/contact", {})).resolves.toEqual({ kind: "failed", message: SUBMIT_MESSAGES.server });
  });

  it("reports a network failure without throwing", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(submitForm("/api/contact", {})).resolves.toEqual({ kind: "failed", message: SUBMIT_MESSAGES.network });
  });

  it("has German messages that tell the visitor what to do", () => {
    for (const message of Object.values(SUBMIT_MESSAGES)) expect(message).toMatch(/Bitte .*(versuche|prüfe|warte)/);
  });
});
