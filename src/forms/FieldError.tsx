import React from "react";
import { MESSAGE_HINTS } from "../../common/forms/schemas";
import { ERROR_CLASS } from "./fieldStyles";

/** The id of the hint beside a field's message (`…-error-hint`), when the message has one. */
export const hintIdOf = (errorId: string, message: string | undefined): string | undefined =>
  message && MESSAGE_HINTS[message] ? `${errorId}-hint` : undefined;

/** What a field's aria-describedby names while it shows a message: the message and, if there is one, its hint. */
export const describedByOf = (errorId: string, message: string | undefined): string | undefined =>
  message ? [errorId, hintIdOf(errorId, message)].filter(Boolean).join(" ") : undefined;

/**
 * The message under a field, and below it a friendlier hint that says what to do (MESSAGE_HINTS). The live
 * region is always there, so screen readers announce a message as soon as it appears (a live region that is
 * inserted together with its text is often not read).
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const hintId = hintIdOf(id, message);
  return (
    <div aria-live="polite">
      <p id={id} className={message ? ERROR_CLASS : undefined}>
        {message}
      </p>
      {hintId && (
        <p id={hintId} className="mt-1 text-sm text-bark-700">
          {MESSAGE_HINTS[message!]}
        </p>
      )}
    </div>
  );
}
