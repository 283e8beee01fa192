/** Tailwind classes the form fields share, so both forms look and behave alike. */
export const LABEL_CLASS = "block text-base font-semibold text-forest-900";

const CONTROL_BASE =
  "mt-2 block min-h-12 w-full rounded-lg border-2 bg-white px-4 py-3 text-base text-bark-900 shadow-sm transition-colors placeholder:text-bark-700/75";

/** An invalid field keeps its red border while focused, so the error stays visible where the visitor types. */
export function controlClass(invalid: boolean): string {
  return `${CONTROL_BASE} ${invalid ? "border-red-700" : "border-bark-700/60 hover:border-bark-700 focus:border-forest-700"}`;
}

export const ERROR_CLASS = "mt-2 text-sm font-medium text-red-700";
