/** What the owner API answers for „Experimente“ (server/routes/owner/experiments.ts), as TypeBox like responses.ts. */
import Type, { type Static } from "typebox";

const VariantResult = Type.Object({
  variant: Type.String(),
  views: Type.Number(),
  leads: Type.Number(),
  confirmed: Type.Number(),
  contacts: Type.Number(),
  rate: Type.Number(),
  interval: Type.Object({ low: Type.Number(), high: Type.Number() }),
  /** Undefined for the original itself. */
  beatsOriginal: Type.Optional(Type.Number()),
});

export const ExperimentsAnswer = Type.Object({
  experiments: Type.Array(
    Type.Object({
      id: Type.String(),
      page: Type.String(),
      field: Type.String(),
      /** The page's title and the text's name in the page's form, as the owner reads them. */
      pageTitle: Type.String(),
      fieldName: Type.String(),
      share: Type.Number(),
      start: Type.String(),
      end: Type.String(),
      state: Type.String(),
      note: Type.String(),
      daysRun: Type.Number(),
      /** The page's text now (the original, A); "" when the page's file no longer has the field. */
      original: Type.String(),
      variants: Type.Array(Type.String()),
      results: Type.Array(VariantResult),
      warning: Type.Optional(Type.String()),
    }),
  ),
});

/** „Gewinner übernehmen“ names the variant whose text goes into the page. */
export const ExperimentWinner = Type.Object({ variant: Type.Enum(["B", "C"]) }, { additionalProperties: false });

export const ExperimentEnded = Type.Object({ message: Type.String(), commit: Type.String() });

export type ExperimentsAnswer = Static<typeof ExperimentsAnswer>;
export type ExperimentEnded = Static<typeof ExperimentEnded>;
