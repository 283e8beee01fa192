/** The form's buttons say what they do in words (no icon fonts). */
import React from "react";
import type { IconButtonProps } from "@rjsf/utils";

/** The shape every button of the form shares; the colours come from where it is used. */
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center gap-1 rounded-full px-3 py-2 text-center text-sm leading-tight font-semibold disabled:cursor-not-allowed disabled:opacity-40 sm:px-4";

export function WordButton({ label, tone = "plain", ...props }: IconButtonProps & { label: string; tone?: "plain" | "danger" }) {
  const { icon: _icon, iconType: _iconType, uiSchema: _uiSchema, registry: _registry, className: _className, ...rest } = props;
  return (
    <button
      type="button"
      {...(rest as React.ButtonHTMLAttributes<HTMLButtonElement>)}
      className={`${buttonClass} ${tone === "danger" ? "text-red-800 ring-1 ring-red-800/40 hover:bg-red-50" : "text-forest-800 ring-1 ring-forest-700/50 hover:bg-forest-50"}`}
    >
      {label}
    </button>
  );
}
