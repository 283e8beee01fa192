/**
 * A picture field: choose one of the pictures under content/images/ (shown small beside the choice) or
 * upload a new one with where it comes from (ImageUpload.tsx), which the server checks and encodes anew. An
 * upload waits with the person's draft, marked „noch nicht veröffentlicht“, and goes live with its record
 * in the same commit as the change that uses it. The field keeps the path as the
 * content file needs it (relative to the file's folder, e.g. "../images/…" from content/pages/).
 */
import React, { useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { inputClass, smallButton } from "../ui";
import { ImageUpload } from "./ImageUpload";
import { controlProps } from "./form-theme/field-description";
import type { CreditInput } from "../../../common/content/image-credits";

export interface ImageContext {
  /** "" for files in content/, "../" for files in content/pages/. */
  prefix: string;
  /** Paths relative to content/ ("images/…"). */
  images: string[];
  /** Of these, the person's own uploads not published yet. */
  pending: string[];
  /** Stores the picture with its record (image-credits.ts); the path of the stored picture. */
  upload(file: File, credit: CreditInput): Promise<string>;
  /** Where a picture under content/ can be looked at (the server serves it to the owner area). */
  imageUrl(path: string): string;
}

const PENDING = "noch nicht veröffentlicht";

export function ImageWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry } = props;
  const context = registry.formContext as ImageContext;
  const [uploading, setUploading] = useState(false);
  const [done, setDone] = useState<string>();
  const current = typeof value === "string" && value.startsWith(context.prefix) ? value.slice(context.prefix.length) : value;
  const upload = async (file: File, credit: CreditInput) => {
    const stored = await context.upload(file, credit);
    onChange(`${context.prefix}${stored}`);
    setUploading(false);
    setDone(
      `Hochgeladen und ausgewählt: ${stored.replace(/^images\//, "")}. Es ist ${PENDING} und geht mit deiner Änderung live.`,
    );
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {typeof current === "string" && context.images.includes(current) && (
        <figure className="shrink-0">
          <img src={context.imageUrl(current)} alt="" className="h-24 w-36 rounded-lg object-cover ring-1 ring-cream-200" />
          {context.pending.includes(current) && (
            <figcaption className="mt-1 text-xs font-semibold text-bark-700">{PENDING}</figcaption>
          )}
        </figure>
      )}
      <div className="flex-1">
        <select
          {...controlProps(props)}
          className={inputClass}
          value={typeof current === "string" ? current : ""}
          onChange={(event) => onChange(`${context.prefix}${event.target.value}`)}
        >
          {(typeof current !== "string" || !context.images.includes(current)) && (
            <option value={typeof current === "string" ? current : ""}>
              {current ? `${current} (nicht gefunden)` : "Bitte wählen …"}
            </option>
          )}
          {context.images.map((image) => (
            <option key={image} value={image}>
              {image.replace(/^images\//, "")}
              {context.pending.includes(image) ? ` (${PENDING})` : ""}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={`${smallButton} mt-2 text-sm`}
          aria-expanded={uploading}
          aria-controls={`${id}-upload`}
          disabled={disabled || readonly}
          onClick={() => {
            setUploading((open) => !open);
            setDone(undefined);
          }}
        >
          {uploading ? "Doch kein neues Bild" : "Neues Bild hochladen"}
        </button>
        <div id={`${id}-upload`}>{uploading && <ImageUpload disabled={Boolean(disabled || readonly)} upload={upload} />}</div>
        {done && (
          <p role="status" className="mt-1 text-sm text-forest-800">
            {done}
          </p>
        )}
      </div>
    </div>
  );
}
