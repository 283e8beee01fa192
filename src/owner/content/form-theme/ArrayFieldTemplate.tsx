import React from "react";
import { TranslatableString, type ArrayFieldTemplateProps } from "@rjsf/utils";
import { ITEM_NAMES_KEYWORD } from "../../../../common/content/field-kinds";
import { EntryContext } from "./entry-context";
import { WordButton } from "./WordButton";

/** What a list entry is called in its bar: its name, title or question, when it has one. */
function entryTitle(entry: unknown): string | undefined {
  if (!entry || typeof entry !== "object") return undefined;
  const record = entry as Record<string, unknown>;
  const name = [record.name, record.title, record.question, record.activity, record.label, record.id].find(
    (value) => typeof value === "string" && value.trim(),
  );
  return typeof name === "string" ? name : undefined;
}

/** A list: its entries (each told its name and whether it starts open, EntryContext) and the button for a new one. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, schema, canAdd, onAddClick, fieldPathId, disabled, readonly, registry, formData } = props;
  const isRoot = fieldPathId.path.length === 0;
  // A long list shows its entries folded under their names, except those the check marks (formContext).
  const marked = (registry.formContext as { problemEntries?: ReadonlySet<number> }).problemEntries;
  const entries = Array.isArray(formData) ? (formData as unknown[]) : [];
  const itemNames = schema[ITEM_NAMES_KEYWORD] as string[] | undefined;
  // A list of plain texts (ingredients, steps): each text is named by its list and number, not rjsf's „Zutaten-1“.
  const itemType = (schema.items as { type?: unknown } | undefined)?.type;
  const ofTexts = itemType !== "object" && itemType !== "array";
  const items = props.items.map((item, index) => (
    <EntryContext.Provider
      key={item.key ?? index}
      value={{
        entryTitle: entryTitle(entries[index]),
        itemName: itemNames?.[index],
        textName: ofTexts && title ? `${title}, Eintrag ${index + 1}` : undefined,
        fixedCount: schema.minItems !== undefined && schema.minItems === schema.maxItems,
        // Only a file's own list folds; a list inside an entry (ingredients, steps) stays open.
        startOpen: !isRoot || props.items.length <= 3 || marked?.has(index),
      }}
    >
      {item}
    </EntryContext.Provider>
  ));
  const content = (
    <>
      {!isRoot && title && <legend className="px-1 font-serif text-lg font-bold text-forest-900">{title}</legend>}
      {schema.description && <p className="mb-3 text-sm text-bark-700">{isRoot ? listHint(schema) : schema.description}</p>}
      {items.length > 0 ? (
        <ol className="space-y-4">{items}</ol>
      ) : (
        <p className="text-sm text-bark-700">{registry.translateString(TranslatableString.EmptyArray)}</p>
      )}
      {canAdd && (
        <div className="mt-4">
          <WordButton
            label={
              itemNames?.[props.items.length]
                ? `${itemNames[props.items.length]} hinzufügen`
                : registry.translateString(TranslatableString.AddItemButton)
            }
            onClick={onAddClick}
            disabled={disabled || readonly}
            registry={registry}
          />
        </div>
      )}
    </>
  );
  if (isRoot) return <div id={fieldPathId.$id}>{content}</div>;
  return (
    <fieldset className="mb-5 min-w-0 rounded-xl border border-cream-200 p-2 sm:p-4" id={fieldPathId.$id}>
      {content}
    </fieldset>
  );
}

/** Above a whole list file only what the page title does not say: how many entries it has. */
function listHint(schema: ArrayFieldTemplateProps["schema"]): string {
  if (schema.minItems !== undefined && schema.minItems === schema.maxItems)
    return `Die Seite ist für genau ${schema.minItems} Einträge gestaltet: Du kannst jeden ändern und ihre Reihenfolge ändern. Ein neuer Eintrag ersetzt einen alten: Überschreib dazu die Felder des Eintrags, der gehen soll.`;
  return "Einträge kannst du ändern, hinzufügen, entfernen und umsortieren.";
}
