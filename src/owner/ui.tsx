/** Small building blocks of the owner area, styled like the public site. */
import React from "react";

export function PageTitle({ children }: { children: React.ReactNode }) {
  return <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{children}</h1>;
}

export function Alert({ kind = "error", children }: { kind?: "error" | "success" | "info"; children: React.ReactNode }) {
  const styles = {
    error: "border-red-700 bg-red-50 text-red-900",
    success: "border-forest-600 bg-forest-50 text-forest-900",
    info: "border-ember-500 bg-cream-100 text-bark-900",
  }[kind];
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`mb-4 rounded-lg border-l-4 px-4 py-3 ${styles}`}>
      {children}
    </div>
  );
}

export function Card({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return <section className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-cream-200 ${className}`}>{children}</section>;
}

export function Loading() {
  return (
    <p role="status" className="text-bark-700">
      Wird geladen …
    </p>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-lg border border-bark-700/40 bg-white px-3 py-2 text-base text-bark-900 focus:border-forest-700";
export const labelClass = "block font-semibold text-forest-900";
/** The one main action of a card or form. */
export const primaryButton =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-forest-800 px-5 py-2 font-semibold text-white hover:bg-forest-900 disabled:opacity-60";
export const smallButton =
  "inline-flex min-h-11 items-center justify-center rounded-full border-2 border-forest-700 px-4 py-2 font-semibold text-forest-800 hover:bg-forest-50 disabled:opacity-60";

/** A row of toggle buttons choosing one filter; the pressed one is marked for screen readers too. */
export function FilterButtons<Value extends string>(props: {
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  className?: string;
}) {
  return (
    <fieldset className={`flex flex-wrap gap-2 ${props.className ?? ""}`}>
      <legend className="sr-only">{props.legend}</legend>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={props.value === option.value}
          onClick={() => props.onChange(option.value)}
          className={`min-h-11 rounded-full px-4 font-semibold ${
            props.value === option.value ? "bg-forest-800 text-white" : "bg-white text-forest-800 ring-1 ring-forest-700"
          }`}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * A list as a table: a caption for screen readers, one header cell per column ("" for a column of buttons,
 * named "Aktion" for screen readers), the rows as children; scrolls sideways on a narrow screen.
 */
export function DataTable({
  caption,
  columns,
  framed = true,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** On a white card of its own (else inside one). */
  framed?: boolean;
  children: React.ReactNode;
}) {
  return (
    // A table wider than a phone scrolls sideways; the keyboard reaches that region too (arrow keys scroll it).
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest-700 ${
        framed ? "rounded-2xl bg-white shadow-sm ring-1 ring-cream-200" : ""
      }`}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-cream-100">
          <tr>
            {columns.map((title) => (
              <th key={title} scope="col" className="px-3 py-2">
                {title || <span className="sr-only">Aktion</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
