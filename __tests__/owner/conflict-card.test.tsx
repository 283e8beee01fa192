/**
 * The conflict card in „Inhalte“: a field both people changed shows the three values side by side, merging
 * waits until each such field has a choice, and the merged draft keeps the other person's changes while
 * carrying the editor's value where they chose to keep theirs.
 */
import React from "react";
import { fireEvent, render } from "@testing-library/react";
import { ConflictCard } from "../../src/owner/content/ConflictCard";

const conflict = {
  change: {
    commit: "c".repeat(40),
    author: "Karl",
    email: "karl@beispiel.de",
    date: "2026-12-04T10:00:00+01:00",
    message: "Antworten",
  },
  merged: [
    { question: "Meine Frage?", answer: "Karls Antwort 1." },
    { question: "Frage 2?", answer: "Karls Antwort 2." },
  ],
  mine: [
    { question: "Meine Frage?", answer: "Meine Antwort 1." },
    { question: "Frage 2?", answer: "Meine Antwort 2." },
  ],
  together: { theirs: ["Eintrag 3 (Frage 3?) › Antwort"], mine: ["Eintrag 2 (Frage 2?) › Frage"] },
  fields: [
    {
      path: ["0", "answer"],
      field: "Eintrag 1 (Meine Frage?) › Antwort",
      base: "Alt 1.",
      mine: "Meine Antwort 1.",
      theirs: "Karls Antwort 1.",
    },
    {
      path: ["1", "answer"],
      field: "Eintrag 2 (Frage 2?) › Antwort",
      base: "Alt 2.",
      mine: "Meine Antwort 2.",
      theirs: "Karls Antwort 2.",
    },
  ],
};

test("shows each field both changed side by side and merges with the choice made per field", () => {
  const onMerge = jest.fn();
  const view = render(<ConflictCard conflict={conflict} onMerge={onMerge} />);
  const first = view.getByRole("group", { name: "Eintrag 1 (Meine Frage?) › Antwort" });
  for (const text of ["Alt 1.", "Meine Antwort 1.", "Karls Antwort 1."]) expect(first.textContent).toContain(text);
  const button = view.getByRole("button", { name: "Zusammenführen" }) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  const keepMine = view.getAllByLabelText("Meine Fassung behalten");
  const takeKarls = view.getAllByLabelText("Fassung von Karl übernehmen");
  fireEvent.click(keepMine[0]!);
  expect(button.disabled).toBe(true);
  fireEvent.click(takeKarls[1]!);
  expect(button.disabled).toBe(false);
  fireEvent.click(button);
  expect(onMerge).toHaveBeenCalledWith(
    [
      { question: "Meine Frage?", answer: "Meine Antwort 1." },
      { question: "Frage 2?", answer: "Karls Antwort 2." },
    ],
    "c".repeat(40),
  );
});

test("names the fields that merged by themselves, the other person's and the editor's", () => {
  const view = render(<ConflictCard conflict={conflict} onMerge={jest.fn()} />);
  const list = view.getByText("Schon zusammengeführt:").nextElementSibling as HTMLElement;
  expect([...list.querySelectorAll("li")].map((item) => item.textContent)).toEqual([
    "Eintrag 3 (Frage 3?) › Antwort (von Karl)",
    "Eintrag 2 (Frage 2?) › Frage (von dir)",
  ]);
  view.rerender(<ConflictCard conflict={{ ...conflict, together: { theirs: [], mine: [] } }} onMerge={jest.fn()} />);
  expect(view.queryByText("Schon zusammengeführt:")).toBeNull();
});
