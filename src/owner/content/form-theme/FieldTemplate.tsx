import React, { useContext } from "react";
import type { FieldTemplateProps } from "@rjsf/utils";
import { EntryContext } from "./entry-context";
import { shownDescription } from "./field-description";

/**
 * The label of a field: its title, and for an entry of a list its number; a text that is an entry of a list
 * with names of its own („Variante B“) is called by its name, not „Andere Texte (B, C)-1“, and a text of a plain
 * list by the list and its number („Zutaten, Eintrag 1“), which the entry's bar above already shows to the eye.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors, rawDescription, hidden, required, displayLabel, schema } = props;
  const { itemName, textName } = useContext(EntryContext);
  if (hidden) return <div className="hidden">{children}</div>;
  const isContainer = schema.type === "object" || schema.type === "array";
  const label = isContainer ? props.label : (itemName ?? textName ?? props.label);
  const labelOnlyForReaders = !isContainer && !itemName && textName !== undefined;
  const description = shownDescription(schema, rawDescription);
  const errors = [...new Set(rawErrors ?? [])];
  const described = [description ? `${id}__beschreibung` : "", errors.length > 0 ? `${id}__fehler` : ""]
    .filter(Boolean)
    .join(" ");
  if (isContainer) return <div className="mb-2">{children}</div>;
  return (
    <div className={`mb-5 ${errors.length > 0 ? "rounded-lg border-l-4 border-red-700 pl-3" : ""}`} data-feld={id}>
      {displayLabel && label && (
        <label htmlFor={id} className={labelOnlyForReaders ? "sr-only" : "block font-semibold text-forest-900"}>
          {label}
          {required ? "" : <span className="font-normal text-bark-700"> (freiwillig)</span>}
        </label>
      )}
      {displayLabel && description && (
        <p id={`${id}__beschreibung`} className="mt-0.5 text-sm text-bark-700">
          {description}
        </p>
      )}
      <div data-beschreibt={described || undefined}>{children}</div>
      {errors.length > 0 && (
        <ul id={`${id}__fehler`} className="mt-1 text-sm font-semibold text-red-800">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
