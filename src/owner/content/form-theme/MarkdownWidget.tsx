import React, { useId, useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { inputClass } from "../../ui";
import { MarkdownPreview } from "../MarkdownPreview";
import { controlProps } from "./field-description";
import { buttonClass } from "./WordButton";

/** Longer texts in Markdown: writing and a preview of how it reads, side by side from md on. */
export function MarkdownWidget(props: WidgetProps) {
  const { value, onChange } = props;
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
          {...controlProps(props)}
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
  `${buttonClass} ${active ? "bg-forest-800 text-white" : "bg-white text-forest-800 ring-1 ring-forest-700"}`;
