/**
 * A PostgreSQL connection whose round trips block, for pglite-tools' pg_dump. That pg_dump is WebAssembly
 * and calls `execProtocolRawStream` synchronously, expecting the answer before the call returns, as an
 * in-process PGlite gives it. To let it dump the database a running server holds, a worker thread does the
 * socket I/O while this thread waits on a shared flag (Atomics.wait) and takes the answer from the port.
 */
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from "node:worker_threads";

/** Longer than any single statement of a dump of this site's database takes. */
const ROUND_TRIP_TIMEOUT_MS = 120_000;

/**
 * Runs in the worker (plain JavaScript, so it needs no TypeScript loader): forwards each request to the
 * socket and answers once the server has replied to all of it, i.e. sent one ReadyForQuery per Query,
 * Sync or startup message, or asked for a password, or closed.
 */
const WORKER_SOURCE = `
const { workerData } = require("node:worker_threads");
const net = require("node:net");
const { port, flag, path } = workerData;
const state = new Int32Array(flag);
const socket = net.connect(path);
let received = Buffer.alloc(0);
let waiting = null;
let closed = false;

function answer(error) {
  const data = received;
  received = Buffer.alloc(0);
  waiting = null;
  port.postMessage(error ? { error } : { data });
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
}

function complete() {
  if (!waiting) return;
  if (waiting.rawBytes !== undefined) {
    if (received.length >= waiting.rawBytes || closed) answer();
    return;
  }
  let offset = 0;
  let ready = 0;
  while (offset + 5 <= received.length) {
    const type = received[offset];
    const length = received.readInt32BE(offset + 1);
    if (offset + 1 + length > received.length) break;
    if (type === 0x5a) ready += 1;
    if (type === 0x52 && received.readInt32BE(offset + 5) !== 0) return answer();
    if (type === 0x45 && waiting.startup) return answer();
    offset += 1 + length;
  }
  if (ready >= waiting.ready || closed) answer();
}

/** How many ReadyForQuery messages a request of several frontend messages waits for. */
function expectation(bytes) {
  if (bytes.length >= 8) {
    const code = bytes.readInt32BE(4);
    const length = bytes.readInt32BE(0);
    if (length === 8 && (code === 80877103 || code === 80877104)) return { rawBytes: 1 };
    if (code === 196608) return { ready: 1, startup: true };
  }
  let ready = 0;
  let offset = 0;
  while (offset + 5 <= bytes.length) {
    const type = bytes[offset];
    if (type === 0x51 || type === 0x53 || type === 0x70 || type === 0x46) ready += 1;
    offset += 1 + bytes.readInt32BE(offset + 1);
  }
  return { ready };
}

socket.on("connect", () => answer());
socket.on("data", (chunk) => {
  received = Buffer.concat([received, chunk]);
  complete();
});
socket.on("error", (error) => {
  closed = true;
  if (waiting) answer(error.message);
  else port.postMessage({ error: error.message });
});
socket.on("close", () => {
  closed = true;
  complete();
  port.close();
});
waiting = { ready: 0, connecting: true };
port.on("message", (message) => {
  if (message.close) {
    socket.end();
    return;
  }
  const bytes = Buffer.from(message.bytes);
  waiting = expectation(bytes);
  if (closed) return answer("Verbindung geschlossen");
  socket.write(bytes, () => {
    if (waiting && waiting.rawBytes === undefined && waiting.ready === 0) answer();
  });
});
`;

export class BlockingSocket {
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;

  private constructor(path: string) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: channel.port2, flag: this.flag.buffer, path },
      transferList: [channel.port2],
    });
  }

  /** Connects to the Unix socket `path`; throws if nobody listens there. */
  static open(path: string): BlockingSocket {
    const socket = new BlockingSocket(path);
    socket.await();
    return socket;
  }

  /** Sends frontend messages and returns the backend's complete answer to them. */
  roundTrip(bytes: Uint8Array): Uint8Array {
    // A copy: pg_dump passes a view into its whole WebAssembly memory, which would be cloned entire.
    this.port.postMessage({ bytes: bytes.slice() });
    return this.await();
  }

  async close(): Promise<void> {
    this.port.postMessage({ close: true });
    await this.worker.terminate();
    this.port.close();
  }

  private await(): Uint8Array {
    const result = Atomics.wait(this.flag, 0, 0, ROUND_TRIP_TIMEOUT_MS);
    if (result === "timed-out") throw new Error("Der Server hat nicht rechtzeitig geantwortet.");
    Atomics.store(this.flag, 0, 0);
    const message = receiveMessageOnPort(this.port)?.message as { data?: Uint8Array; error?: string } | undefined;
    if (!message || message.error !== undefined) {
      throw new Error(`Verbindung zum laufenden Server fehlgeschlagen: ${message?.error ?? "keine Antwort"}`);
    }
    return new Uint8Array(message.data!);
  }
}
