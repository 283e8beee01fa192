/**
 * What the form's picture fields need (ImageWidget.tsx): the pictures to choose, with the person's own
 * uploads not published yet, the prefix the file's folder needs, where a picture is shown, and the upload;
 * and for the lists, moving an entry to the top.
 */
import { useMemo, useRef } from "react";
import { call, errorText, routeUrl } from "../api";
import type { ImageContext } from "./ImageWidget";
import type { ListMoves } from "./form-theme";
import type { CreditInput } from "../../../common/content/image-credits";
import { OWNER_API } from "../../../common/owner/api";
import type { ImageList, ImageUploaded } from "../../../common/owner/responses";

async function uploadImage(file: File, credit: CreditInput): Promise<ImageUploaded> {
  const data = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(new Error("Die Datei ließ sich nicht lesen."));
    reader.readAsDataURL(file);
  });
  return call(OWNER_API.uploadImage, { body: { name: file.name, data, credit } });
}

export type FormContext = ImageContext &
  ListMoves & {
    previewValues?: unknown;
    /** How the Markdown preview shows the text: as the mail it becomes, or as its page. */
    previewKind: "mail" | "page";
    /** The form's data: a field that depends on another of its entry reads it here (an experiment's text, its page). */
    formData?: unknown;
    problemEntries: ReadonlySet<number>;
  };

export function useFormContext(
  file: string,
  images: ImageList,
  setImages: (images: ImageList) => void,
  previewValues: unknown,
  problemEntries: ReadonlySet<number>,
  moveToTop: (path: (string | number)[]) => void,
  formData?: unknown,
): FormContext {
  // The latest data's move, without making the context (and so every field) new at each keystroke.
  const move = useRef(moveToTop);
  move.current = moveToTop;
  return useMemo<FormContext>(
    () => ({
      moveToTop: (path) => move.current(path),
      formData,
      previewValues,
      previewKind: file.startsWith("emails/") ? "mail" : "page",
      problemEntries,
      prefix: "../".repeat(file.split("/").length - 1),
      images: images.images,
      pending: images.pending,
      imageUrl: (path) => routeUrl(OWNER_API.image, { query: { pfad: path } }),
      upload: async (picked, credit) => {
        try {
          const result = await uploadImage(picked, credit);
          setImages({ images: result.images, pending: result.pending });
          return result.image;
        } catch (caught) {
          throw new Error(errorText(caught));
        }
      },
    }),
    [file, images, setImages, previewValues, problemEntries, formData],
  );
}
