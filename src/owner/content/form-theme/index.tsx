/**
 * How the generated forms look and speak: rjsf's templates and widgets in the owner area's style, German
 * throughout, buttons with words instead of icon fonts. No validation in the browser: the content check
 * runs on the server (the same as the build's) and its messages come back as `extraErrors`, so the CSP
 * needs no eval (ajv would compile validators with `new Function`).
 */
import React from "react";
import type { IconButtonProps, RegistryWidgetsType, SubmitButtonProps, TemplatesType, ValidatorType } from "@rjsf/utils";
import { ImageWidget } from "../ImageWidget";
import { ArrayFieldItemTemplate } from "./ArrayFieldItemTemplate";
import { ArrayFieldTemplate } from "./ArrayFieldTemplate";
import { FieldTemplate } from "./FieldTemplate";
import { MarkdownWidget } from "./MarkdownWidget";
import { ObjectFieldTemplate } from "./ObjectFieldTemplate";
import { PageFieldWidget } from "./PageFieldWidget";
import { SelectWidget } from "./SelectWidget";
import { TextWidget } from "./TextWidget";
import { WordButton } from "./WordButton";

export { translateString } from "./german-texts";
export type { ListMoves } from "./ArrayFieldItemTemplate";

/** Validation is the server's (see above); rjsf only asks whether data fits a schema for anyOf/oneOf, which the content description does not use. */
export const serverValidator: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({}),
};

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
