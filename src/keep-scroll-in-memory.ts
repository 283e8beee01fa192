/**
 * Gatsby remembers scroll positions in sessionStorage ("@@scroll|…" keys). This site stores nothing in
 * the visitor's browser (§ 25 TDDDG), so those writes are refused; Gatsby then keeps the positions in
 * memory for the open tab, which is all the back button needs.
 */
const SCROLL_KEY_PREFIX = "@@scroll|";

export function keepScrollPositionsInMemory(): void {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function guardedSetItem(this: Storage, key: string, value: string) {
    if (key.startsWith(SCROLL_KEY_PREFIX)) throw new DOMException("Scroll positions stay in memory", "QuotaExceededError");
    return setItem.call(this, key, value);
  };
}
