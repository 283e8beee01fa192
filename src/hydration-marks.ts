/**
 * Marks in the built markup for the after-load script (gatsby/after-load.ts), which starts a page's bundles
 * on the visitor's first input. Spread onto an element: `<button {...REPLAY_CLICK}>`.
 */

/** Set on `<html>` once the page has hydrated (Layout.tsx, the owner area's OwnerApp.tsx). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** A control that works only with JavaScript: a click before hydration is held and played again after it. */
export const REPLAY_CLICK = { "data-replay": "" } as const;

/** A `<time>` that shows today's date: the visitor's, written before hydration. */
export const TODAY = { "data-today": "" } as const;

/** A page whose scripts must run once it has painted, without waiting for an input (the 404 page logs its path). */
export const HYDRATE_AT_ONCE = { "data-hydrate": "at-once" } as const;
