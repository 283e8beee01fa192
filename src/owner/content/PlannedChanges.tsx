/**
 * A file's changes planned for a time, beside its form: what goes live (or back) when, who planned it, and
 * what became of the ones that ran („Live seit …“, or why nothing was published); a plan still to come can
 * be cancelled, and its change becomes the planner's draft again. Each entry's first line says what it is
 * now, so that a cancelled or finished plan never reads as one still to come.
 */
import React from "react";
import { dateTime } from "../format";
import { Card, smallButton } from "../ui";
import type { ScheduledChange } from "../../../common/owner/responses";

function headline(item: ScheduledChange): string {
  const when = dateTime(item.dueAt);
  const live = item.action === "publish";
  switch (item.state) {
    case "geplant":
      return live ? `Geht live am ${when}` : `Wird am ${when} zurückgenommen`;
    case "laeuft":
      return live ? `Geht gerade live (geplant für ${when})` : `Wird gerade zurückgenommen (geplant für ${when})`;
    case "erledigt":
      return live
        ? `Veröffentlicht am ${dateTime(item.doneAt ?? item.dueAt)}`
        : `Zurückgenommen am ${dateTime(item.doneAt ?? item.dueAt)}`;
    case "fehlgeschlagen":
      return live ? `Nicht veröffentlicht (geplant für ${when})` : `Nicht zurückgenommen (geplant für ${when})`;
    case "abgesagt":
      return live ? `Abgesagt (sollte am ${when} live gehen)` : `Abgesagt (sollte am ${when} zurückgenommen werden)`;
  }
}

export function PlannedChanges(props: { planned: ScheduledChange[]; onCancel: (item: ScheduledChange) => void }) {
  if (props.planned.length === 0) return null;
  return (
    <Card className="mt-4">
      <h2 className="mb-2 font-bold text-forest-900">Geplant</h2>
      <ol className="space-y-3 text-sm">
        {props.planned.map((item) => {
          const upcoming = item.state === "geplant" || item.state === "laeuft";
          return (
            <li key={item.id} className="border-b border-cream-200 pb-3 last:border-0 last:pb-0">
              <p className={upcoming ? "font-semibold text-forest-900" : "font-semibold text-bark-700"}>{headline(item)}</p>
              <p>„{item.message}“</p>
              <p className="text-bark-700">
                Geplant von {item.plannedBy}
                {item.withdrawAt && item.state === "geplant"
                  ? `; wird am ${dateTime(item.withdrawAt)} wieder zurückgenommen`
                  : ""}
              </p>
              {item.outcome && (
                <p className={item.state === "fehlgeschlagen" ? "font-semibold text-red-800" : "text-bark-700"}>{item.outcome}</p>
              )}
              {item.state === "geplant" && (
                <button
                  type="button"
                  className={`${smallButton} mt-2`}
                  onClick={() => props.onCancel(item)}
                  aria-label={`Geplante Änderung „${item.message}“ für ${dateTime(item.dueAt)} absagen`}
                >
                  Absagen
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
