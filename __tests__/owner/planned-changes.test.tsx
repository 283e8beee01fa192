/**
 * The planned changes beside a file in „Inhalte“: each entry's first line says what it is now, so that a
 * cancelled, finished or failed plan never reads as one still to come, and only a plan still to come can be
 * cancelled.
 */
import React from "react";
import { render } from "@testing-library/react";
import { PlannedChanges } from "../../src/owner/content/PlannedChanges";
import type { ScheduledChange } from "../../common/owner/responses";

const plan = (id: string, state: ScheduledChange["state"], outcome: string | null = null): ScheduledChange => ({
  id,
  file: "faq.json",
  action: "publish",
  message: `Änderung ${id}`,
  role: "editor",
  plannedBy: "anna@beispiel.de",
  dueAt: "2026-12-24T17:00:00.000Z",
  withdrawAt: null,
  state,
  outcome,
  commit: null,
  createdAt: "2026-12-05T10:00:00.000Z",
  doneAt: state === "erledigt" ? "2026-12-24T17:00:20.000Z" : null,
});

test("names each plan by what it is now and offers to cancel only the ones to come", () => {
  const view = render(
    <PlannedChanges
      planned={[
        plan("1", "geplant"),
        plan("2", "abgesagt", "Abgesagt von anna@beispiel.de"),
        plan("3", "erledigt", "Live seit 24.12.2026, 18:00 Uhr."),
        plan("4", "fehlgeschlagen", "Die Datei war inzwischen geändert."),
      ]}
      onCancel={() => undefined}
    />,
  );
  const lines = [...view.container.querySelectorAll("li > p:first-child")].map((line) => line.textContent);
  expect(lines).toEqual([
    "Geht live am 24.12.2026, 18:00 Uhr",
    "Abgesagt (sollte am 24.12.2026, 18:00 Uhr live gehen)",
    "Veröffentlicht am 24.12.2026, 18:00 Uhr",
    "Nicht veröffentlicht (geplant für 24.12.2026, 18:00 Uhr)",
  ]);
  expect(view.getAllByRole("button").map((button) => button.getAttribute("aria-label"))).toEqual([
    "Geplante Änderung „Änderung 1“ für 24.12.2026, 18:00 Uhr absagen",
  ]);
});
