/**
 * The browser's copy of a change in „Inhalte“ while it has not reached the server (no connection): one
 * entry per file in localStorage, removed as soon as the server has the draft, and all of them at logout,
 * so a shared computer keeps nothing of it after the session.
 */
const PREFIX = "urkraft-inhalte:";
const localKey = (file: string) => `${PREFIX}${file}`;

export interface LocalCopy {
  data: unknown;
  baseCommit: string;
  savedAt: string;
}

export function readLocal(file: string): LocalCopy | undefined {
  try {
    return JSON.parse(window.localStorage.getItem(localKey(file)) ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeLocal(file: string, copy: LocalCopy | undefined) {
  try {
    if (copy) window.localStorage.setItem(localKey(file), JSON.stringify(copy));
    else window.localStorage.removeItem(localKey(file));
  } catch {
    // private mode: the server's draft is the only copy
  }
}

/** Every file's copy gone (at logout); other entries of the browser's storage stay. */
export function clearLocalCopies() {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, index) => window.localStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.localStorage.removeItem(key);
  } catch {
    // no storage: nothing to clear
  }
}
