/**
 * A file's changes planned for a time, beside its form: what goes live (or back) when, who planned it, and
 * what became of the ones that ran („Live seit …“, or why nothing was published); a plan still to come can
 * be cancelled, and its change becomes the planner's draft again.
 */
import React from "react";
import { dateTime } from "../format";
import { Card, smallButton } from "../ui";
import type { ScheduledChange } from "../../../common/owner/responses";

const STATE: Record<ScheduledChange["state"], string> = {
  geplant: "geplant",
  laeuft: "läuft gerade",
  erledigt: "erledigt",
  fehlgeschlagen: "fehlgeschlagen",
  abgesagt: "abgesagt",
};

export function PlannedChanges(props: { planned: ScheduledChange[]; onCancel: (item: ScheduledChange) => void }) {
  if (props.planned.length === 0) return null;
  return (
    <Card className="mt-4">
      <h2 className="mb-2 font-bold text-forest-900">Geplant</h2>
      <ol className="space-y-3 text-sm">
        {props.planned.map((item) => (
          <li key={item.id} className="border-b border-cream-200 pb-2">
            <p className="font-semibold">
              {item.action === "publish" ? "Geht live" : "Wird zurückgenommen"} am {dateTime(item.dueAt)}
            </p>
            <p>„{item.message}“</p>
            <p className="text-bark-700">
              {STATE[item.state]}, geplant von {item.plannedBy}
              {item.withdrawAt && item.state === "geplant" ? `; zurücknehmen am ${dateTime(item.withdrawAt)}` : ""}
            </p>
            {item.outcome && (
              <p className={item.state === "fehlgeschlagen" ? "font-semibold text-red-800" : "text-bark-700"}>{item.outcome}</p>
            )}
            {item.state === "geplant" && (
              <button
                type="button"
                className={`${smallButton} mt-1`}
                onClick={() => props.onCancel(item)}
                aria-label={`Geplante Änderung „${item.message}“ vom ${dateTime(item.dueAt)} absagen`}
              >
                Absagen
              </button>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}
