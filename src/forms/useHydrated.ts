import { useEffect, useState } from "react";

/**
 * False in the static HTML and during hydration, true once React runs in the browser. The forms use it
 * to switch off the browser's own validation only when their German messages can take over.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
