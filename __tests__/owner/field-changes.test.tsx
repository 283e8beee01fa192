/**
 * A change field by field: a picture field shows its pictures beside their paths, for an owner deciding on a
 * proposal through that proposal (the editor's waiting picture), otherwise as the person's own or published one.
 */
import React from "react";
import { render } from "@testing-library/react";
import { FieldChanges } from "../../src/owner/content/FieldChanges";

const change = {
  field: "Rezepte › Eintrag 1 (Haferbrei) › Bild",
  before: "images/haferbrei.jpg",
  after: "images/fruehstueck.jpg",
  pictures: { before: "images/haferbrei.jpg", after: "images/fruehstueck.jpg" },
};

test("shows a picture field's pictures before and after, the new one through the proposal", () => {
  const view = render(<FieldChanges changes={[change]} proposal="7" />);
  const before = view.getByRole("img", { name: "Das bisherige Bild" }) as HTMLImageElement;
  const after = view.getByRole("img", { name: "Das neue Bild" }) as HTMLImageElement;
  expect(new URL(before.src).searchParams.get("pfad")).toBe("images/haferbrei.jpg");
  expect(new URL(after.src).pathname).toBe("/api/verwaltung/inhalte/bild");
  expect(Object.fromEntries(new URL(after.src).searchParams)).toEqual({ pfad: "images/fruehstueck.jpg", vorschlag: "7" });
});

test("shows no picture for a text field, and asks without a proposal where there is none", () => {
  const text = { field: "Häufige Fragen › Eintrag 1 › Antwort", before: "Alt.", after: "Neu." };
  const view = render(<FieldChanges changes={[text, { ...change, pictures: { after: change.after } }]} />);
  expect(view.getAllByRole("img")).toHaveLength(1);
  const after = view.getByRole("img", { name: "Das neue Bild" }) as HTMLImageElement;
  expect(Object.fromEntries(new URL(after.src).searchParams)).toEqual({ pfad: "images/fruehstueck.jpg" });
});

test("an entry added whole shows its picture under its lines", () => {
  const added = {
    field: "Bilder › Eintrag 14",
    before: "",
    after: "Bild: images/team.jpg\nArt: Foto",
    lines: [
      { kind: "neu" as const, text: "Bild: images/team.jpg" },
      { kind: "neu" as const, text: "Art: Foto" },
    ],
    pictures: { after: "images/team.jpg" },
  };
  const view = render(<FieldChanges changes={[added]} proposal="3" />);
  const after = view.getByRole("img", { name: "Das neue Bild" }) as HTMLImageElement;
  expect(Object.fromEntries(new URL(after.src).searchParams)).toEqual({ pfad: "images/team.jpg", vorschlag: "3" });
  expect(view.queryByRole("img", { name: "Das bisherige Bild" })).toBeNull();
});
