/**
 * Gives one socket connection at a time the whole PGlite database, from its first message until it
 * disconnects, and makes the server's own queries wait meanwhile.
 *
 * PGlite is one PostgreSQL backend: one transaction state and one set of session settings for everyone.
 * pglite-socket's own queue only takes PGlite's query mutex per protocol message, so a socket client's
 * statement could run inside a server transaction (and be rolled back with it), a server insert could
 * land inside a client's open transaction, and a client's `SET search_path = ''` (pg_dump does that)
 * would break every later server query. Holding PGlite's transaction mutex, the one `query`, `exec`
 * and `transaction` take, for the whole connection rules all of that out; on disconnect the session is
 * rolled back and reset before anyone else gets the database.
 */
import type { PGlite } from "@electric-sql/pglite";

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

/** The three methods pglite-socket's PGLiteSocketHandler calls on its queue. */
export class ExclusiveSessions {
  private pending: Pending[] = [];
  private holder: number | undefined;
  private releaseHold: (() => void) | undefined;
  private pumping = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  clearQueueForHandler(handlerId: number): void {
    this.pending = this.pending.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Verbindung getrennt"));
      return false;
    });
  }

  /** Called when a connection goes away: if it held the database, reset the session and pass it on. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId) return;
    this.holder = undefined;
    try {
      await this.resetSession();
    } catch (error) {
      this.onError(error);
    } finally {
      this.release();
      void this.pump();
    }
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        if (this.holder === undefined) {
          const next = this.pending[0];
          if (!next) return;
          await this.acquire(next.handlerId);
          // The connection may have gone while it waited: then nobody will release for it.
          if (!this.pending.some((item) => item.handlerId === this.holder)) {
            this.holder = undefined;
            this.release();
            continue;
          }
        }
        const index = this.pending.findIndex((item) => item.handlerId === this.holder);
        // The holder is between two messages: wait for its next one or its disconnect.
        if (index === -1) return;
        const [item] = this.pending.splice(index, 1);
        await this.run(item!);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async run(item: Pending): Promise<void> {
    let bytes = 0;
    try {
      await this.pglite.runExclusive(() =>
        this.pglite.execProtocolRawStream(item.message, {
          onRawData: (data) => {
            bytes += data.length;
            item.onData(data);
          },
        }),
      );
      item.resolve(bytes);
    } catch (error) {
      item.reject(error as Error);
    }
  }

  /** Takes PGlite's transaction mutex and keeps it until `release`. */
  private acquire(handlerId: number): Promise<void> {
    return new Promise((acquired) => {
      void this.pglite
        ._runExclusiveTransaction(
          () =>
            new Promise<void>((release) => {
              this.holder = handlerId;
              this.releaseHold = release;
              acquired();
            }),
        )
        .catch(this.onError);
    });
  }

  private release(): void {
    const release = this.releaseHold;
    this.releaseHold = undefined;
    release?.();
  }

  private async resetSession(): Promise<void> {
    await this.pglite.runExclusive(() => resetSession(this.pglite));
  }
}

/**
 * Ends whatever a client left behind: a half-sent extended query, an open transaction, its settings and
 * prepared statements. The caller holds PGlite's query mutex.
 */
export async function resetSession(pglite: PGlite): Promise<void> {
  for (const message of [SYNC, simpleQuery("ROLLBACK"), simpleQuery("DISCARD ALL")]) {
    await pglite.execProtocolRaw(message);
  }
}

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const message = Buffer.alloc(5 + text.length);
  message.write("Q", 0, "latin1");
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}
