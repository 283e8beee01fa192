/**
 * Lends the PGlite database to socket connections one at a time, in short turns, so the site's own queries
 * (form posts) never wait longer than SOCKET_HOLD_LIMIT_MS for an owner's tool.
 *
 * PGlite is one PostgreSQL backend: one transaction state and one set of session settings for everyone.
 * pglite-socket's own queue only takes PGlite's query mutex per protocol message, so a socket client's
 * statement could run inside a server transaction (and be rolled back with it), a server insert could land
 * inside a client's open transaction, and a client's `SET search_path = ''` (pg_dump does that) would break
 * every later server query. So a connection takes PGlite's transaction mutex (the one `query`, `exec` and
 * `transaction` take) for a turn: from its first message until it is back outside a transaction. Then its
 * session settings are noted and reset, and the database goes to whoever waits; its next message restores
 * them. A turn may last SOCKET_HOLD_LIMIT_MS: each statement runs with that `statement_timeout` (less what
 * the turn has used), and a transaction (or a COPY, or an extended query before its Sync) still open when the
 * time is up is rolled back and its connection closed, each with a German error for the tool. On disconnect the session is rolled back and reset.
 */
import type { PGlite } from "@electric-sql/pglite";

/** The longest a socket connection holds the database at a stretch: one statement, or one transaction. */
export const SOCKET_HOLD_LIMIT_MS = 400;

/** What the tool reads when its statement was cancelled. */
export const STATEMENT_TOO_LONG =
  `Abgebrochen: Eine Anweisung über den Socket darf die Datenbank höchstens ${SOCKET_HOLD_LIMIT_MS} ms belegen, ` +
  "damit die Website weiter antwortet. Lies große Tabellen in Teilen (WHERE id > … ORDER BY id LIMIT …).";

/** What the tool reads when its transaction stayed open too long. */
export const TRANSACTION_TOO_LONG =
  `Verbindung beendet: Eine Transaktion über den Socket darf die Datenbank höchstens ${SOCKET_HOLD_LIMIT_MS} ms ` +
  "belegen, damit die Website weiter antwortet; sie wurde zurückgerollt. Halte Transaktionen kurz.";

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

interface Session {
  /** Transaction status of the last ReadyForQuery: I (idle), T (in a transaction), E (failed transaction). */
  status: "I" | "T" | "E" | undefined;
  /** SQL that restores the settings the connection had made, noted when its last turn ended. */
  settings: string;
}

/** The three methods pglite-socket's PGLiteSocketHandler calls on its queue. */
export class ExclusiveSessions {
  private pending: Pending[] = [];
  private readonly sessions = new Map<number, Session>();
  private holder: number | undefined;
  private holdStarted = 0;
  private holdTimer: NodeJS.Timeout | undefined;
  private releaseHold: (() => void) | undefined;
  private pumping = false;
  private running = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly onError: (error: unknown) => void = () => {},
    /** Sends the connection a last (error) message and closes it; it then calls `clearTransactionIfNeeded`. */
    private readonly endConnection: (handlerId: number, lastMessage: Uint8Array) => void = () => {},
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
    this.sessions.delete(handlerId);
    if (this.holder !== handlerId) return;
    this.holder = undefined;
    try {
      await this.pglite.runExclusive(() => resetSession(this.pglite));
    } catch (error) {
      this.onError(error);
    } finally {
      this.release();
      void this.pump();
    }
  }

  private session(handlerId: number): Session {
    let session = this.sessions.get(handlerId);
    if (!session) {
      session = { status: undefined, settings: "" };
      this.sessions.set(handlerId, session);
    }
    return session;
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
          await this.startTurn(this.session(this.holder!));
          // Look again: the connection may have gone meanwhile.
          continue;
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
    // While a message runs its time is watched by statement_timeout; the watch starts again after it.
    this.stopWatching();
    const session = this.session(item.handlerId);
    const used = performance.now() - this.holdStarted;
    if (startsStatement(item.message) && session.status !== undefined) {
      if (used >= SOCKET_HOLD_LIMIT_MS) {
        item.resolve(0);
        this.end(item.handlerId);
        return;
      }
      // Not in a failed transaction, where nothing but ROLLBACK runs (and SET would fail).
      if (session.status !== "E") await this.silently(`SET statement_timeout = ${Math.ceil(SOCKET_HOLD_LIMIT_MS - used)}`);
      if (this.holder !== item.handlerId) {
        // Disconnected meanwhile, its session already reset: its message must not run outside it.
        item.reject(new Error("Verbindung getrennt"));
        return;
      }
    }
    const chunks: Uint8Array[] = [];
    this.running = true;
    try {
      await this.pglite.runExclusive(() =>
        this.pglite.execProtocolRawStream(item.message, { onRawData: (data) => chunks.push(data.slice()) }),
      );
    } catch (error) {
      item.reject(error as Error);
      return;
    } finally {
      this.running = false;
    }
    const answer = scanAnswer(Buffer.concat(chunks));
    if (answer.status) session.status = answer.status;
    if (answer.bytes.length > 0) item.onData(answer.bytes);
    item.resolve(answer.bytes.length);
    // Disconnected while it ran: the database has been reset and passed on already.
    if (this.holder !== item.handlerId) return;
    if (answer.status === "I") await this.endTurn(session);
    // In a transaction, or in the middle of an exchange (an extended query before its Sync, a COPY's data).
    else this.watchTransaction(item.handlerId);
  }

  /** A turn begins: the connection's settings come back, and its time starts. */
  private async startTurn(session: Session): Promise<void> {
    this.holdStarted = performance.now();
    if (session.settings) await this.silently(session.settings);
  }

  /** Outside a transaction: note the connection's settings, reset them, and let the others in. */
  private async endTurn(session: Session): Promise<void> {
    this.stopWatching();
    session.settings = (await this.silently(SAVE_SETTINGS)) ?? "";
    await this.silently("RESET ALL");
    this.holder = undefined;
    this.release();
  }

  /** Between two messages of one turn: end the connection once the turn's time is up. */
  private watchTransaction(handlerId: number): void {
    this.stopWatching();
    const left = SOCKET_HOLD_LIMIT_MS - (performance.now() - this.holdStarted);
    this.holdTimer = setTimeout(
      () => {
        if (this.holder === handlerId && !this.running) this.end(handlerId);
      },
      Math.max(0, left),
    );
    this.holdTimer.unref();
  }

  private stopWatching(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
  }

  private end(handlerId: number): void {
    this.stopWatching();
    this.clearQueueForHandler(handlerId);
    this.endConnection(handlerId, errorResponse("FATAL", "25P03", TRANSACTION_TOO_LONG));
  }

  /** Runs one simple query for the session's bookkeeping; returns the first column of its first row. */
  private async silently(sql: string): Promise<string | undefined> {
    const answer = await this.pglite.runExclusive(() => this.pglite.execProtocolRaw(simpleQuery(sql), { syncToFs: false }));
    return firstValue(Buffer.from(answer));
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
    this.stopWatching();
    const release = this.releaseHold;
    this.releaseHold = undefined;
    release?.();
  }
}

/** The connection's own settings as SQL that sets them again (statement_timeout is the turn's, not its own). */
const SAVE_SETTINGS = `SELECT string_agg(format('SELECT set_config(%L, %L, false);', name, current_setting(name)), ' ')
  FROM pg_settings WHERE source = 'session' AND name <> 'statement_timeout'`;

/** A simple query (Q) or the Parse (P) that begins an extended one: where a statement starts. */
function startsStatement(message: Uint8Array): boolean {
  return message[0] === 0x51 || message[0] === 0x50;
}

/**
 * Walks the backend's answer: notes the status of its last ReadyForQuery and puts the German text into a
 * statement timeout error (SQLSTATE 57014), which within a socket session only the turn's limit causes.
 */
function scanAnswer(bytes: Buffer): { bytes: Buffer; status: Session["status"] } {
  let status: Session["status"];
  const parts: Buffer[] = [];
  let copied = 0;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    const end = offset + 1 + bytes.readInt32BE(offset + 1);
    if (end > bytes.length) break;
    if (type === 0x5a) status = String.fromCharCode(bytes[offset + 5]!) as Session["status"];
    if (type === 0x45) {
      const fields = errorFields(bytes.subarray(offset + 5, end));
      if (fields.get("C") === "57014" && /statement timeout/.test(fields.get("M") ?? "")) {
        parts.push(bytes.subarray(copied, offset), errorResponse(fields.get("S") ?? "ERROR", "57014", STATEMENT_TOO_LONG));
        copied = end;
      }
    }
    offset = end;
  }
  if (copied === 0) return { bytes, status };
  parts.push(bytes.subarray(copied));
  return { bytes: Buffer.concat(parts), status };
}

function errorFields(body: Buffer): Map<string, string> {
  const fields = new Map<string, string>();
  let offset = 0;
  while (offset < body.length && body[offset] !== 0) {
    const end = body.indexOf(0, offset + 1);
    fields.set(String.fromCharCode(body[offset]!), body.toString("utf8", offset + 1, end));
    offset = end + 1;
  }
  return fields;
}

function errorResponse(severity: string, code: string, message: string): Buffer {
  const fields = [`S${severity}`, `V${severity}`, `C${code}`, `M${message}`].map((field) => Buffer.from(`${field}\0`, "utf8"));
  const body = Buffer.concat([...fields, Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write("E", 0, "latin1");
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

/** The first column of the first DataRow in an answer, if any and not NULL. */
function firstValue(bytes: Buffer): string | undefined {
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    const end = offset + 1 + bytes.readInt32BE(offset + 1);
    if (type === 0x44 && bytes.readInt16BE(offset + 5) > 0) {
      const length = bytes.readInt32BE(offset + 7);
      return length < 0 ? undefined : bytes.toString("utf8", offset + 11, offset + 11 + length);
    }
    offset = end;
  }
  return undefined;
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
