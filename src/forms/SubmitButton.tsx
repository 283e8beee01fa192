import React from "react";

/** The specification's label while a form is on its way, word for word. */
export const SENDING_LABEL = "Wird gesendet...";

/** The submit button: disabled and relabelled while the form is on its way. */
export function SubmitButton({ label, sending, describedBy }: { label: string; sending: boolean; describedBy?: string }) {
  return (
    <button type="submit" className="btn-primary w-full shrink-0 sm:w-auto" disabled={sending} aria-describedby={describedBy}>
      {sending ? SENDING_LABEL : label}
    </button>
  );
}
