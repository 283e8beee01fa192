import React from "react";
import { ERROR_CLASS } from "./fieldStyles";

/**
 * The message under a field. The element is always there, so screen readers announce a message as
 * soon as it appears (a live region that is inserted together with its text is often not read).
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} aria-live="polite" className={message ? ERROR_CLASS : undefined}>
      {message}
    </p>
  );
}
