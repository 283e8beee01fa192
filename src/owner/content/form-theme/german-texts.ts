/** rjsf's own texts (buttons, empty list, yes/no) in German; a text without a German one stays as rjsf gives it. */
import { TranslatableString } from "@rjsf/utils";

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
