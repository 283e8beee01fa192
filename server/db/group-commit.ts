/**
 * Group commit: form posts that arrive while a statement is running are written together by the next
 * one. Under load one commit (one round trip, one WAL flush) then carries many submissions; alone, a
 * submission is written at once, as before. Each submission is answered only once the statement that
 * holds it has committed, so an acknowledged one is stored, and a batch is one transaction: all of its
 * rows are written or none is.
 *
 * A batch that fails is written again one submission at a time, so one bad row fails only its own
 * request; when the database is gone, every request in it fails as it would have alone.
 */
export interface GroupCommitOptions<In, Out> {
  /** Writes the items in one statement; resolves with one result per item, in the same order. */
  writeBatch(items: In[]): Promise<Out[]>;
  /**
   * Items with the same key never share a statement (an upsert cannot touch one row twice in one
   * statement), nor run in two at once: the later one waits until the batch holding the earlier one has
   * committed, so they are written in the order they came (the later sign-up of an address wins).
   */
  key?(item: In): string;
  /** Most items per statement. */
  maxBatch: number;
  /** Statements running at the same time (1 for PGlite, which runs one at a time anyway). */
  maxInFlight: number;
}

interface Waiting<In, Out> {
  item: In;
  resolve(result: Out): void;
  reject(error: unknown): void;
}

export type GroupCommit<In, Out> = (item: In) => Promise<Out>;

export function createGroupCommit<In, Out>(options: GroupCommitOptions<In, Out>): GroupCommit<In, Out> {
  let queue: Waiting<In, Out>[] = [];
  let inFlight = 0;
  /** The keys of the items in running statements. */
  const keysInFlight = new Set<string>();

  /**
   * Takes up to maxBatch waiting items from the front, skipping any whose key is already in the batch or in
   * a running statement; returns the batch and its keys.
   */
  function takeBatch(): { batch: Waiting<In, Out>[]; keys: string[] } {
    if (!options.key) return { batch: queue.splice(0, options.maxBatch), keys: [] };
    const keys = new Set<string>();
    const batch: Waiting<In, Out>[] = [];
    const left: Waiting<In, Out>[] = [];
    for (const waiting of queue) {
      const key = options.key(waiting.item);
      if (batch.length < options.maxBatch && !keys.has(key) && !keysInFlight.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else {
        left.push(waiting);
      }
    }
    queue = left;
    return { batch, keys: [...keys] };
  }

  async function write(batch: Waiting<In, Out>[]): Promise<void> {
    try {
      const results = await options.writeBatch(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length) throw new Error(`${results.length} Ergebnisse für ${batch.length} Einträge`);
      batch.forEach((waiting, i) => waiting.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) {
        try {
          const [result] = await options.writeBatch([waiting.item]);
          waiting.resolve(result!);
        } catch (single) {
          waiting.reject(single);
        }
      }
    }
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const { batch, keys } = takeBatch();
      // Every waiting item's key is in a running statement: the next one starts when that has committed.
      if (batch.length === 0) return;
      inFlight += 1;
      for (const key of keys) keysInFlight.add(key);
      void write(batch).finally(() => {
        inFlight -= 1;
        for (const key of keys) keysInFlight.delete(key);
        schedule();
      });
    }
  }

  /**
   * A batch starts one turn of the event loop later, after every request whose data has already arrived
   * has reached this point. PGlite runs a statement without giving the event loop a turn, so without this
   * the requests that came in meanwhile would each start a statement of their own, one after the other.
   */
  let scheduled = false;
  function schedule(): void {
    if (scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

export const FORM_BATCH_MAX = 100;

/**
 * Statements of one kind running at the same time. PGlite runs one statement at a time, so a second would
 * only wait; PostgreSQL overlaps a few (its pool holds 10 connections, shared with everything else).
 */
export function statementLanes(driver: "pglite" | "postgres"): number {
  return driver === "pglite" ? 1 : 4;
}
