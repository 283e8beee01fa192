import React, { useContext, useId, useRef, useState } from "react";
import type { ArrayFieldItemTemplateProps } from "@rjsf/utils";
import { EntryContext } from "./entry-context";
import { WordButton } from "./WordButton";

/** What the form's owner offers beside rjsf: moving a list entry (by its path in the data) to the top in one step. */
export interface ListMoves {
  moveToTop?(path: (string | number)[]): void;
}

/** A list entry: a bar that folds it open and shut, with its name and the buttons that move or remove it. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry } = props;
  const { entryTitle: name, itemName, textName, startOpen = true, fixedCount = false } = useContext(EntryContext);
  const { hasMoveUp, hasMoveDown, hasRemove, onMoveUpItem, onMoveDownItem, onRemoveItem, disabled, readonly } = buttonsProps;
  const { moveToTop } = registry.formContext as ListMoves;
  const entry = useRef<HTMLLIElement>(null);
  /** The entry goes first; the focus follows it to its bar, so the keyboard stays with it. */
  const toTop = () => {
    const list = entry.current?.parentElement;
    moveToTop?.([...buttonsProps.fieldPathId.path]);
    window.setTimeout(() => list?.querySelector<HTMLElement>(":scope > li button[aria-expanded]")?.focus(), 0);
  };
  const number = index + 1;
  // A text inside an entry (an ingredient) is named with its list, so its bar and buttons never read like the
  // entry's own: „Zutaten, Eintrag 2 nach oben“ beside „Eintrag 1 nach oben“.
  const called = itemName ?? textName ?? `Eintrag ${number}`;
  const [open, setOpen] = useState(startOpen);
  // An entry the check marks opens by itself, so its message is never folded away.
  const [wasMarked, setWasMarked] = useState(startOpen);
  if (startOpen !== wasMarked) {
    setWasMarked(startOpen);
    if (startOpen) setOpen(true);
  }
  // An entry never opened keeps its fields out of the page: a list of eight recipes opens with eight bars instead
  // of some 1,600 elements. Once opened, its fields stay (hidden while folded), with whatever they hold.
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  const bodyId = useId();
  const moves = hasMoveUp || hasMoveDown;
  const removable = hasRemove && !fixedCount;
  // On a phone the buttons stand below the name, each as wide as the others: three in one row, four in two.
  const buttons = (moves ? (moveToTop ? 3 : 2) : 0) + (removable ? 1 : 0);
  const phoneColumns = buttons === 3 ? "grid-cols-3" : buttons === 1 ? "grid-cols-1" : "grid-cols-2";
  return (
    <li ref={entry} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-cream-200 sm:p-4">
      <div className={`flex flex-wrap items-center justify-between gap-2 ${open ? "mb-3 border-b border-cream-200 pb-2" : ""}`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
          className="flex min-h-11 items-center gap-2 text-left font-semibold text-bark-700 hover:text-forest-900"
        >
          <span aria-hidden="true">{open ? "▾" : "▸"}</span>
          <span>
            {called}
            {name ? `: ${name}` : ""}
          </span>
        </button>
        {hasToolbar && (
          <div className={`grid w-full ${phoneColumns} gap-2 sm:flex sm:w-auto sm:flex-wrap`}>
            {moves && moveToTop && (
              <WordButton
                label="An den Anfang"
                aria-label={`${called} an den Anfang`}
                disabled={disabled || readonly || !hasMoveUp}
                onClick={toTop}
                registry={registry}
              />
            )}
            {moves && (
              <WordButton
                label="Nach oben"
                aria-label={`${called} nach oben`}
                disabled={disabled || readonly || !hasMoveUp}
                onClick={onMoveUpItem}
                registry={registry}
              />
            )}
            {moves && (
              <WordButton
                label="Nach unten"
                aria-label={`${called} nach unten`}
                disabled={disabled || readonly || !hasMoveDown}
                onClick={onMoveDownItem}
                registry={registry}
              />
            )}
            {removable && (
              <WordButton
                label="Entfernen"
                tone="danger"
                aria-label={`${called} entfernen`}
                disabled={disabled || readonly}
                onClick={onRemoveItem}
                registry={registry}
              />
            )}
          </div>
        )}
      </div>
      <div id={bodyId} hidden={!open}>
        {shown && children}
      </div>
    </li>
  );
}
