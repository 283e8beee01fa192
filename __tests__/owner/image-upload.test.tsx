/**
 * Uploading a picture in „Inhalte“ asks first where it comes from, in plain German, and can be done with the
 * keyboard alone: each missing fact is named at its field and focused, nothing is sent without them, a
 * recognisable person asks for the day of consent, and the facts go with the file.
 */
import React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ImageUpload } from "../../src/owner/content/ImageUpload";

function setUp() {
  const upload = jest.fn(async () => undefined);
  render(<ImageUpload disabled={false} upload={upload} />);
  return { upload, user: userEvent.setup() };
}

describe("the picture upload", () => {
  it("names every missing fact at its field and sends nothing", async () => {
    const { upload, user } = setUp();
    await user.tab();
    expect(screen.getByLabelText(/^Urheber oder Quelle/)).toHaveFocus();
    for (let step = 0; step < 5; step += 1) await user.tab();
    expect(screen.getByRole("button", { name: "Bild hochladen" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(upload).not.toHaveBeenCalled();
    const author = screen.getByLabelText(/^Urheber oder Quelle/);
    expect(author).toHaveFocus();
    expect(author).toHaveAccessibleDescription(
      expect.stringContaining("Bitte gib an, wer das Bild gemacht hat oder woher es stammt (Urheber oder Quelle)"),
    );
    expect(screen.getByLabelText(/^Lizenz oder Nutzungsrecht/)).toHaveAccessibleDescription(
      expect.stringContaining("unter welcher Lizenz oder mit welchem Nutzungsrecht"),
    );
    expect(screen.getByLabelText(/^Nachweis der Lizenz/)).toHaveAccessibleDescription(
      expect.stringContaining("wo der Nachweis der Lizenz liegt"),
    );
    expect(screen.getByText(/ob auf dem Bild eine Person zu erkennen ist/)).toBeInTheDocument();
    expect(screen.getByText("Bitte wähle die Bilddatei aus.")).toBeInTheDocument();
  });

  it("asks for the day of consent when a person is recognisable, and sends the facts with the file", async () => {
    const { upload, user } = setUp();
    await user.type(screen.getByLabelText(/^Urheber oder Quelle/), "Max Muster / Unsplash");
    await user.type(screen.getByLabelText(/^Lizenz oder Nutzungsrecht/), "Unsplash-Lizenz");
    await user.type(screen.getByLabelText(/^Nachweis der Lizenz/), "Beleg im Ordner Bildrechte");
    expect(screen.queryByLabelText(/^Einwilligung liegt vor am/)).toBeNull();
    await user.tab();
    await user.keyboard(" ");
    expect(screen.getByRole("radio", { name: "Ja" })).toBeChecked();
    const consent = screen.getByLabelText(/^Einwilligung liegt vor am/);
    expect(consent).toHaveAttribute("type", "date");
    const file = new File([new Uint8Array([1, 2, 3])], "markt.jpg", { type: "image/jpeg" });
    await user.upload(screen.getByLabelText(/^Bilddatei/), file);
    await user.click(screen.getByRole("button", { name: "Bild hochladen" }));
    expect(upload).not.toHaveBeenCalled();
    expect(consent).toHaveFocus();
    expect(consent).toHaveAccessibleDescription(expect.stringContaining("an welchem Tag sie eingewilligt hat"));
    await user.type(consent, "2026-11-30");
    await user.click(screen.getByRole("button", { name: "Bild hochladen" }));
    expect(upload).toHaveBeenCalledWith(file, {
      author: "Max Muster / Unsplash",
      license: "Unsplash-Lizenz",
      proof: "Beleg im Ordner Bildrechte",
      showsPerson: "ja",
      consentDate: "2026-11-30",
    });
  });
});
