/**
 * Uploading a picture: first where it comes from – who made it or where it is from, the licence with its
 * proof, and whether it shows a recognisable person (then the day of consent) – then the file. The same
 * check as the server's (common/content/image-credits.ts) names each missing fact at its field, so nothing
 * is sent without them; the server refuses the same way if anything gets past.
 */
import React, { useId, useRef, useState } from "react";
import { inputClass, labelClass, smallButton } from "../ui";
import {
  creditInputProblems,
  CREDIT_MAX_LENGTH,
  germanToday,
  type CreditField,
  type CreditInput,
} from "../../../common/content/image-credits";

interface ImageUploadProps {
  disabled: boolean;
  upload(file: File, credit: CreditInput): Promise<void>;
}

const hint = "mt-1 text-sm text-bark-700";
const fieldError = "mt-1 text-sm font-semibold text-red-800";
const FILE_MISSING = "Bitte wähle die Bilddatei aus.";

export function ImageUpload({ disabled, upload }: ImageUploadProps) {
  const id = useId();
  const [credit, setCredit] = useState<CreditInput>({});
  const [file, setFile] = useState<File>();
  const [errors, setErrors] = useState<Partial<Record<CreditField | "file", string>>>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  /** Counts uploads, so the file field starts empty again after each. */
  const [round, setRound] = useState(0);
  const form = useRef<HTMLFieldSetElement>(null);

  const set = (field: CreditField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setCredit((before) => ({ ...before, [field]: event.target.value }));
  const at = (field: CreditField | "file") => `${id}-${field}`;
  /** Hint and error of a field, for aria-describedby. */
  const describedBy = (field: CreditField | "file", withHint = true) =>
    [withHint ? `${at(field)}-hint` : "", errors[field] ? `${at(field)}-error` : ""].filter(Boolean).join(" ") || undefined;
  const errorOf = (field: CreditField | "file") =>
    errors[field] && (
      <p id={`${at(field)}-error`} className={fieldError}>
        {errors[field]}
      </p>
    );

  const send = async () => {
    const found: Partial<Record<CreditField | "file", string>> = creditInputProblems(credit, germanToday());
    if (!file) found.file = FILE_MISSING;
    setErrors(found);
    setFailed(undefined);
    const first = (["author", "license", "proof", "showsPerson", "consentDate", "file"] as const).find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(at(first))}, [name="${at(first)}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await upload(file!, credit);
      setCredit({});
      setFile(undefined);
      setRound((count) => count + 1);
    } catch (caught) {
      setFailed((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: "author" | "license" | "proof", label: string, help: string) => (
    <div>
      <label htmlFor={at(field)} className={labelClass}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={at(field)}
        type="text"
        required
        maxLength={CREDIT_MAX_LENGTH}
        className={inputClass}
        value={credit[field] ?? ""}
        onChange={set(field)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        disabled={disabled || busy}
      />
      <p id={`${at(field)}-hint`} className={hint}>
        {help}
      </p>
      {errorOf(field)}
    </div>
  );

  return (
    <fieldset ref={form} className="mt-3 grid gap-4 rounded-xl border border-cream-200 bg-cream-50 p-4">
      <legend className="px-1 font-semibold text-forest-900">Neues Bild hochladen: Woher stammt es?</legend>
      <p className="text-sm text-bark-700">
        Ein Bild darf nur auf die Website, wenn wir wissen, wem es gehört und dass wir es zeigen dürfen. Urheber und Lizenz stehen
        danach im Bildnachweis des Impressums.
      </p>
      {text(
        "author",
        "Urheber oder Quelle",
        "Wer hat das Bild gemacht oder woher stammt es? Z.\u00a0B. „Anna Schmidt“ oder „Max Muster / Unsplash“.",
      )}
      {text(
        "license",
        "Lizenz oder Nutzungsrecht",
        "Womit dürfen wir es zeigen? Z.\u00a0B. „Unsplash-Lizenz“, „CC BY 4.0“ oder „Nutzungsrecht vom Fotografen“.",
      )}
      {text(
        "proof",
        "Nachweis der Lizenz",
        "Wo liegt der Beleg? Z.\u00a0B. „Rechnung im Ordner Bildrechte“ oder die Adresse der Lizenzseite. Erscheint nicht auf der Website.",
      )}
      <fieldset aria-describedby={describedBy("showsPerson", false)}>
        <legend className={labelClass}>
          Ist auf dem Bild eine Person zu erkennen? <span aria-hidden="true">*</span>
        </legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          {(["ja", "nein"] as const).map((answer) => (
            <label key={answer} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={at("showsPerson")}
                value={answer}
                checked={credit.showsPerson === answer}
                onChange={set("showsPerson")}
                aria-invalid={errors.showsPerson ? true : undefined}
                disabled={disabled || busy}
                className="h-5 w-5"
              />
              {answer === "ja" ? "Ja" : "Nein"}
            </label>
          ))}
        </div>
        {errorOf("showsPerson")}
      </fieldset>
      {credit.showsPerson === "ja" && (
        <div>
          <label htmlFor={at("consentDate")} className={labelClass}>
            Einwilligung liegt vor am <span aria-hidden="true">*</span>
          </label>
          <input
            id={at("consentDate")}
            type="date"
            required
            max={germanToday()}
            className={`${inputClass} sm:max-w-xs`}
            value={credit.consentDate ?? ""}
            onChange={set("consentDate")}
            aria-invalid={errors.consentDate ? true : undefined}
            aria-describedby={describedBy("consentDate")}
            disabled={disabled || busy}
          />
          <p id={`${at("consentDate")}-hint`} className={hint}>
            Der Tag, an dem die Person zugestimmt hat, dass wir das Bild zeigen. Ohne ihre Einwilligung darf es nicht auf die
            Website.
          </p>
          {errorOf("consentDate")}
        </div>
      )}
      <div>
        <label htmlFor={at("file")} className={labelClass}>
          Bilddatei <span aria-hidden="true">*</span>
        </label>
        <input
          key={round}
          id={at("file")}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          className="mt-1 block w-full text-base"
          onChange={(event) => setFile(event.target.files?.[0])}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={describedBy("file")}
          disabled={disabled || busy}
        />
        <p id={`${at("file")}-hint`} className={hint}>
          JPEG, PNG, WebP oder AVIF, mindestens 600 Pixel breit, höchstens 8 MB.
        </p>
        {errorOf("file")}
      </div>
      <div>
        <button type="button" className={smallButton} onClick={send} disabled={disabled || busy}>
          {busy ? "Wird hochgeladen …" : "Bild hochladen"}
        </button>
        {failed && (
          <p role="alert" className={fieldError}>
            {failed}
          </p>
        )}
      </div>
    </fieldset>
  );
}
