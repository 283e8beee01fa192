/**
 * How the generated forms look and speak: rjsf's templates and widgets in the owner area's style, German
 * throughout, buttons with words instead of icon fonts. No validation in the browser: the content check
 * runs on the server (the same as the build's) and its messages come back as `extraErrors`, so the CSP
 * needs no eval (ajv would compile validators with `new Function`).
 */
import React, { createContext, useContext, useId, useRef, useState } from "react";
import {
  TranslatableString,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type SubmitButtonProps,
  type TemplatesType,
  type ValidatorType,
  type WidgetProps,
} from "@rjsf/utils";
import { FIELD_CHOICES_KEYWORD, ITEM_NAMES_KEYWORD, type FieldChoice } from "../../../common/content/field-kinds";
import { inputClass } from "../ui";
import { MarkdownPreview } from "./MarkdownPreview";
import { ImageWidget } from "./ImageWidget";
import { fieldLabelsOf } from "../../../common/content/field-kinds";

const GERMAN: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: "Eintrag",
  [TranslatableString.EmptyArray]: "Noch keine Einträge.",
  [TranslatableString.AddButton]: "Hinzufügen",
  [TranslatableString.AddItemButton]: "Eintrag hinzufügen",
  [TranslatableString.CopyButton]: "Kopieren",
  [TranslatableString.MoveDownButton]: "Nach unten",
  [TranslatableString.MoveUpButton]: "Nach oben",
  [TranslatableString.RemoveButton]: "Entfernen",
  [TranslatableString.YesLabel]: "Ja",
  [TranslatableString.NoLabel]: "Nein",
  [TranslatableString.ClearLabel]: "Leeren",
  [TranslatableString.PreviewLabel]: "Vorschau",
  [TranslatableString.ErrorsLabel]: "Fehler",
};

export function translateString(key: TranslatableString, params?: string[]): string {
  const text = GERMAN[key] ?? key;
  return (params ?? []).reduce((result, value, index) => result.replace(`%${index + 1}`, value), text);
}

/** Validation is the server's (see above); rjsf only asks whether data fits a schema for anyOf/oneOf, which the content description does not use. */
export const serverValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

const button =
  "inline-flex min-h-11 items-center justify-center gap-1 rounded-full px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-40";

function WordButton({ label, tone = "plain", ...props }: IconButtonProps & { label: string; tone?: "plain" | "danger" }) {
  const { icon: _icon, iconType: _iconType, uiSchema: _uiSchema, registry: _registry, className: _className, ...rest } = props;
  return (
    <button
      type="button"
      {...(rest as React.ButtonHTMLAttributes<HTMLButtonElement>)}
      className={`${button} ${tone === "danger" ? "text-red-800 ring-1 ring-red-800/40 hover:bg-red-50" : "text-forest-800 ring-1 ring-forest-700/50 hover:bg-forest-50"}`}
    >
      {label}
    </button>
  );
}

/**
 * The label of a field: its title, and for an entry of a list its number; a text that is an entry of a list
 * with names of its own („Variante B“) is called by its name, not „Andere Texte (B, C)-1“.
 */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors, rawDescription, hidden, required, displayLabel, schema } = props;
  const { itemName } = useContext(EntryContext);
  if (hidden) return <div className="hidden">{children}</div>;
  const isContainer = schema.type === "object" || schema.type === "array";
  const label = !isContainer && itemName ? itemName : props.label;
  const description = shownDescription(schema, rawDescription);
  const errors = [...new Set(rawErrors ?? [])];
  const described = [description ? `${id}__beschreibung` : "", errors.length > 0 ? `${id}__fehler` : ""]
    .filter(Boolean)
    .join(" ");
  if (isContainer) return <div className="mb-2">{children}</div>;
  return (
    <div className={`mb-5 ${errors.length > 0 ? "rounded-lg border-l-4 border-red-700 pl-3" : ""}`} data-feld={id}>
      {displayLabel && label && (
        <label htmlFor={id} className="block font-semibold text-forest-900">
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

function ObjectFieldTemplate({ title, description, properties, fieldPathId, schema }: ObjectFieldTemplateProps) {
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

/** What a list entry is called in its bar: its name, title or question, when it has one. */
function entryTitle(entry: unknown): string | undefined {
  if (!entry || typeof entry !== "object") return undefined;
  const record = entry as Record<string, unknown>;
  const name = [record.name, record.title, record.question, record.activity, record.label, record.id].find(
    (value) => typeof value === "string" && value.trim(),
  );
  return typeof name === "string" ? name : undefined;
}

/** What an entry's bar knows beside rjsf's props: the entry's name and whether it starts open (set by its list). */
interface EntryExtras {
  entryTitle?: string;
  /** The entry's own name from its list (e.g. „Variante B“), in place of „Eintrag n“. */
  itemName?: string;
  startOpen?: boolean;
  /** The page shows exactly this many entries: one is replaced by changing it, never removed. */
  fixedCount?: boolean;
}
const EntryContext = createContext<EntryExtras>({});

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { title, schema, canAdd, onAddClick, fieldPathId, disabled, readonly, registry, formData } = props;
  const isRoot = fieldPathId.path.length === 0;
  // A long list shows its entries folded under their names, except those the check marks (formContext).
  const marked = (registry.formContext as { problemEntries?: ReadonlySet<number> }).problemEntries;
  const entries = Array.isArray(formData) ? (formData as unknown[]) : [];
  const itemNames = schema[ITEM_NAMES_KEYWORD] as string[] | undefined;
  const items = props.items.map((item, index) => (
    <EntryContext.Provider
      key={item.key ?? index}
      value={{
        entryTitle: entryTitle(entries[index]),
        itemName: itemNames?.[index],
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

/** What the form's owner offers beside rjsf: moving a list entry (by its path in the data) to the top in one step. */
export interface ListMoves {
  moveToTop?(path: (string | number)[]): void;
}

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry } = props;
  const { entryTitle: name, itemName, startOpen = true, fixedCount = false } = useContext(EntryContext);
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly } = buttonsProps;
  const { moveToTop } = registry.formContext as ListMoves;
  const entry = useRef<HTMLLIElement>(null);
  /** The entry goes first; the focus follows it to its bar, so the keyboard stays with it. */
  const toTop = () => {
    const list = entry.current?.parentElement;
    moveToTop?.([...buttonsProps.fieldPathId.path]);
    window.setTimeout(() => list?.querySelector<HTMLElement>(":scope > li button[aria-expanded]")?.focus(), 0);
  };
  const number = index + 1;
  const called = itemName ?? `Eintrag ${number}`;
  const [open, setOpen] = useState(startOpen);
  // An entry the check marks opens by itself, so its message is never folded away.
  const [wasMarked, setWasMarked] = useState(startOpen);
  if (startOpen !== wasMarked) {
    setWasMarked(startOpen);
    if (startOpen) setOpen(true);
  }
  const bodyId = useId();
  return (
    <li ref={entry} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-cream-200 sm:p-4">
      <div className={`flex flex-wrap items-center justify-between gap-2 ${open ? "mb-3 border-b border-cream-200 pb-2" : ""}`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 items-center gap-2 text-left font-semibold text-bark-700 hover:text-forest-900"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          <span>
            {called}
            {name ? `: ${name}` : ""}
          </span>
        </button>
        {hasToolbar && (
          <div className="flex flex-wrap gap-2">
            {(hasMoveUp || hasMoveDown) && moveToTop && (
              <WordButton
                label="An den Anfang"
                aria-label={`Eintrag ${number} an den Anfang`}
                disabled={disabled || readonly || !hasMoveUp}
                onClick={toTop}
                registry={registry}
              />
            )}
            {(hasMoveUp || hasMoveDown) && (
              <WordButton
                label="Nach oben"
                aria-label={`${called} nach oben`}
                disabled={disabled || readonly || !hasMoveUp}
                onClick={onMoveUpItem}
                registry={registry}
              />
            )}
            {(hasMoveUp || hasMoveDown) && (
              <WordButton
                label="Nach unten"
                aria-label={`${called} nach unten`}
                disabled={disabled || readonly || !hasMoveDown}
                onClick={onMoveDownItem}
                registry={registry}
              />
            )}
            {hasRemove && !fixedCount && (
              <WordButton
                label="Entfernen"
                tone="danger"
                aria-label={`${called} entfernen`}
                disabled={disabled || readonly}
                onClick={onRemoveItem}
                registry={registry}
              />
            )}
          </div>
        )}
      </div>
      <div id={bodyId} hidden={!open}>
        {children}
      </div>
    </li>
  );
}

const describedBy = (id: string, props: WidgetProps) =>
  [
    shownDescription(props.schema, props.schema.description) ? `${id}__beschreibung` : "",
    (props.rawErrors ?? []).length > 0 ? `${id}__fehler` : "",
  ]
    .filter(Boolean)
    .join(" ") || undefined;

/** The patterns the content description gives a day's field, required or optional (content-schema.ts). */
const DATE_PATTERNS = new Set(["^\\d{4}-\\d{2}-\\d{2}$", "^(\\d{4}-\\d{2}-\\d{2})?$"]);

/**
 * A field's help as the form shows it: a day's field has the browser's date picker, which shows the day in the
 * browser's own way, so the file's format (JJJJ-MM-TT, the help for those who edit the file) is left out there.
 */
function shownDescription(schema: { pattern?: string }, description: string | undefined): string | undefined {
  if (!description || !schema.pattern || !DATE_PATTERNS.has(schema.pattern)) return description;
  return description.replace(/\s*Ein Datum im Format JJJJ-MM-TT\.\s*/, " ").trim() || undefined;
}

function TextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, schema, rawErrors } = props;
  const numeric = schema.type === "number" || schema.type === "integer";
  const long = !numeric && typeof value === "string" && (value.length > 70 || value.includes("\n"));
  const common = {
    id,
    name: id,
    required,
    disabled: disabled || readonly,
    "aria-invalid": (rawErrors ?? []).length > 0 || undefined,
    "aria-describedby": describedBy(id, props),
    onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, event.target.value),
    onFocus: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, event.target.value),
    className: inputClass,
  };
  if (long)
    return (
      <textarea
        {...common}
        rows={Math.min(8, Math.max(3, Math.ceil(String(value).length / 70)))}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  // A day (JJJJ-MM-TT, as the file keeps it) gets the browser's date picker, which gives the same text.
  if (schema.pattern && DATE_PATTERNS.has(schema.pattern))
    return <input {...common} type="date" value={value ?? ""} onChange={(event) => onChange(event.target.value)} />;
  return (
    <input
      {...common}
      type="text"
      inputMode={numeric ? "numeric" : undefined}
      value={value ?? ""}
      onChange={(event) => {
        const text = event.target.value;
        if (!numeric) return onChange(text);
        // A number stays a number in the file; anything else goes to the check as typed, which names the mistake.
        const number = Number(text.replace(",", "."));
        onChange(text.trim() !== "" && Number.isFinite(number) ? number : text);
      }}
    />
  );
}

/** A choice: each value by its German name where the content description gives one („x-labels“). */
function SelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, options, rawErrors, schema } = props;
  const labels = fieldLabelsOf(schema as Record<string, unknown>) ?? {};
  const choices = ((options.enumOptions ?? []) as { value: unknown; label: string }[]).map((choice) => ({
    value: choice.value,
    label: labels[String(choice.value)] ?? choice.label,
  }));
  return (
    <select
      id={id}
      name={id}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={(rawErrors ?? []).length > 0 || undefined}
      aria-describedby={describedBy(id, props)}
      className={inputClass}
      value={choices.findIndex((choice) => choice.value === value)}
      onChange={(event) => onChange(choices[Number(event.target.value)]?.value)}
    >
      {choices.findIndex((choice) => choice.value === value) < 0 && <option value={-1}>Bitte wählen …</option>}
      {choices.map((choice, index) => (
        <option key={String(choice.value)} value={index}>
          {choice.label === "" ? "(leer)" : choice.label}
        </option>
      ))}
    </select>
  );
}

/**
 * An experiment's text (kind page-field): chosen among the texts of the page its entry names, by their names in
 * the page's form and how they read now (the server adds them to the schema, experiment-form.ts). A value the
 * page does not have stays shown as it is, so nothing is lost; the check names it.
 */
function PageFieldWidget(props: WidgetProps) {
  const { id, value, schema, registry } = props;
  const choices = schema[FIELD_CHOICES_KEYWORD] as Record<string, FieldChoice[]> | undefined;
  if (!choices) return <TextWidget {...props} />;
  const data = (registry.formContext as { formData?: { experiments?: { page?: unknown }[] } }).formData;
  const index = /_(\d+)_[A-Za-z]+$/.exec(id)?.[1];
  const page = index === undefined ? undefined : data?.experiments?.[Number(index)]?.page;
  const offered = typeof page === "string" ? (choices[page] ?? []) : [];
  const unknown =
    typeof value === "string" && value !== "" && !offered.some((choice) => choice.value === value)
      ? [{ value, label: `${value} (gibt es auf dieser Seite nicht)` }]
      : [];
  if (typeof page !== "string" || page === "")
    return (
      <select id={id} name={id} disabled className={inputClass} aria-describedby={describedBy(id, props)}>
        <option>Wähl zuerst die Seite</option>
      </select>
    );
  return <SelectWidget {...props} options={{ ...props.options, enumOptions: [...unknown, ...offered] }} />;
}

/** Longer texts in Markdown: writing and a preview of how it reads, side by side from md on. */
function MarkdownWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, rawErrors } = props;
  const [showPreview, setShowPreview] = useState(false);
  const previewId = useId();
  return (
    <div>
      <div className="mb-2 flex gap-2 md:hidden" role="group" aria-label="Ansicht">
        <button type="button" aria-pressed={!showPreview} onClick={() => setShowPreview(false)} className={tab(!showPreview)}>
          Schreiben
        </button>
        <button type="button" aria-pressed={showPreview} onClick={() => setShowPreview(true)} className={tab(showPreview)}>
          Vorschau
        </button>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <textarea
          id={id}
          name={id}
          disabled={disabled || readonly}
          aria-invalid={(rawErrors ?? []).length > 0 || undefined}
          aria-describedby={describedBy(id, props)}
          className={`${inputClass} min-h-80 font-mono text-sm ${showPreview ? "hidden md:block" : ""}`}
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value)}
        />
        <section
          id={previewId}
          aria-label="Vorschau des Textes"
          className={`max-h-[32rem] overflow-y-auto rounded-lg bg-white p-4 ring-1 ring-cream-200 ${showPreview ? "" : "hidden md:block"}`}
        >
          <MarkdownPreview
            text={String(value ?? "")}
            values={(props.registry.formContext as PreviewContext).previewValues}
            kind={(props.registry.formContext as PreviewContext).previewKind}
          />
        </section>
      </div>
    </div>
  );
}

/** What the form's context tells a Markdown field's preview (useFormContext.ts). */
type PreviewContext = { previewValues?: unknown; previewKind?: "mail" | "page" };

const tab = (active: boolean) =>
  `${button} ${active ? "bg-forest-800 text-white" : "bg-white text-forest-800 ring-1 ring-forest-700"}`;

function SubmitButton(_props: SubmitButtonProps) {
  return null;
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates: {
    SubmitButton,
    AddButton: (props: IconButtonProps) => <WordButton label="Eintrag hinzufügen" {...props} />,
    CopyButton: (props: IconButtonProps) => <WordButton label="Kopieren" {...props} />,
    MoveDownButton: (props: IconButtonProps) => <WordButton label="Nach unten" {...props} />,
    MoveUpButton: (props: IconButtonProps) => <WordButton label="Nach oben" {...props} />,
    RemoveButton: (props: IconButtonProps) => <WordButton label="Entfernen" tone="danger" {...props} />,
    ClearButton: (props: IconButtonProps) => <WordButton label="Leeren" {...props} />,
  } as TemplatesType["ButtonTemplates"],
};

export const widgets: RegistryWidgetsType = {
  TextWidget,
  TextareaWidget: TextWidget,
  SelectWidget,
  markdown: MarkdownWidget,
  image: ImageWidget,
  pageField: PageFieldWidget,
};
