import React from "react";
import type { ObjectFieldTemplateProps } from "@rjsf/utils";

/** A group of fields in its own frame with its title; the file itself and a list entry go without one. */
export function ObjectFieldTemplate({ title, description, properties, fieldPathId, schema }: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.path.length === 0;
  const body = properties
    .filter((property) => !property.hidden)
    .map((property) => <div key={property.name}>{property.content}</div>);
  // The file itself has the page's heading; an entry of a list has its „Eintrag n“ bar.
  if (isRoot || typeof fieldPathId.path.at(-1) === "number") return <div id={fieldPathId.$id}>{body}</div>;
  return (
    <fieldset className="mb-5 min-w-0 rounded-xl border border-cream-200 bg-cream-50/60 p-2 sm:p-4" id={fieldPathId.$id}>
      {title && <legend className="px-1 font-serif text-lg font-bold text-forest-900">{title}</legend>}
      {description && schema.description && <p className="mb-3 text-sm text-bark-700">{schema.description}</p>}
      {body}
    </fieldset>
  );
}
