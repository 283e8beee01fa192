import React from "react";

/**
 * The message above the button when sending failed (no connection, too many requests, server error).
 * Always rendered, so the alert is announced when its text appears; focusable so the form can move
 * focus to it when there is no invalid field to go to.
 */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      data-form-error=""
      tabIndex={-1}
      className={
        message ? "rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 text-base font-medium text-red-800" : undefined
      }
    >
      {message}
    </div>
  );
}
