/**
 * A picture field: choose one of the pictures under content/images/ (shown small beside the choice) or
 * upload a new one, which the server checks, encodes anew and commits. The field keeps the path as the
 * content file needs it (relative to the file's folder, e.g. "../images/…" from content/pages/).
 */
import React, { useState } from "react";
import type { WidgetProps } from "@rjsf/utils";
import { inputClass, smallButton } from "../ui";

export interface ImageContext {
  /** "" for files in content/, "../" for files in content/pages/. */
  prefix: string;
  /** Paths relative to content/ ("images/…"). */
  images: string[];
  upload(file: File): Promise<string>;
  /** Where a picture under content/ can be looked at (the server serves it to the owner area). */
  imageUrl(path: string): string;
}

export function ImageWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, registry, rawErrors } = props;
  const context = registry.formContext as ImageContext;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const current = typeof value === "string" && value.startsWith(context.prefix) ? value.slice(context.prefix.length) : value;
  const upload = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const stored = await context.upload(file);
      onChange(`${context.prefix}${stored}`);
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      {typeof current === "string" && context.images.includes(current) && (
        <img src={context.imageUrl(current)} alt="" className="h-24 w-36 rounded-lg object-cover ring-1 ring-cream-200" />
      )}
      <div className="flex-1">
        <select
          id={id}
          name={id}
          disabled={disabled || readonly || busy}
          aria-invalid={(rawErrors ?? []).length > 0 || undefined}
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
            </option>
          ))}
        </select>
        <label className={`${smallButton} mt-2 cursor-pointer text-sm`}>
          {busy ? "Wird hochgeladen …" : "Neues Bild hochladen"}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            disabled={disabled || readonly || busy}
            onChange={upload}
          />
        </label>
        <p className="mt-1 text-sm text-bark-700">JPEG, PNG, WebP oder AVIF, mindestens 600 Pixel breit, höchstens 8 MB.</p>
        {error && (
          <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
