/**
 * A bounded memo for the few values the counting works out again and again (a browser's user agent, a
 * campaign link's source): emptied when full, so junk values cannot grow it.
 */
export class Memo<Value> {
  private readonly values = new Map<string, Value>();

  constructor(
    private readonly maxEntries: number,
    /** Longer keys are worked out each time and not kept. */
    private readonly maxKeyLength = 512,
  ) {}

  get(key: string, compute: () => Value): Value {
    if (key.length > this.maxKeyLength) return compute();
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = compute();
    if (this.values.size >= this.maxEntries) this.values.clear();
    this.values.set(key, value);
    return value;
  }

  get size(): number {
    return this.values.size;
  }
}
