/**
 * A visitor can fill in a form before its scripts run: the page is whole without them, and they start only
 * after the first paint and the first input (gatsby/after-load.ts). When the form then comes to life, its state
 * has to start from what the fields show, not from empty values: Preact's textarea, for one, writes its
 * `value` prop into the element while it hydrates, and a Formik state of "" would empty the message box.
 */

/** The id of a form's control: shared by the fields and by the reading below. */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/**
 * The values the form's controls hold in the page right now, in place of the defaults; the defaults where
 * a control is missing (on the server there is no document). Called while the form hydrates, in the same
 * task as hydration itself, so no keystroke can fall between this reading and the state taking over.
 */
export function valuesOnScreen<V extends Record<string, string>>(
  formId: string,
  defaults: V,
  doc: Document | null = typeof document === "undefined" ? null : document,
): V {
  if (!doc) return defaults;
  const values: Record<string, string> = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const control = doc.getElementById(fieldId(formId, name));
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) values[name] = control.value;
  }
  return values as V;
}
