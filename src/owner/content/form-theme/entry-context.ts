import { createContext } from "react";

/** What an entry's bar knows beside rjsf's props: the entry's name and whether it starts open (set by its list). */
interface EntryExtras {
  entryTitle?: string;
  /** The entry's own name from its list (e.g. „Variante B“), in place of „Eintrag n“. */
  itemName?: string;
  /** For an entry that is a text itself (an ingredient): its field's name, „Zutaten, Eintrag 2“. */
  textName?: string;
  startOpen?: boolean;
  /** The page shows exactly this many entries: one is replaced by changing it, never removed. */
  fixedCount?: boolean;
}

/** Set by ArrayFieldTemplate for each entry; read by the entry's bar and by the fields inside it. */
export const EntryContext = createContext<EntryExtras>({});
