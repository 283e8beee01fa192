/**
 * Makes PostgreSQL's timers (`statement_timeout`) fire inside PGlite while a statement runs.
 *
 * PGlite runs PostgreSQL synchronously on the JavaScript thread. PostgreSQL arms its timers with setitimer,
 * which Emscripten turns into a JavaScript setTimeout; that callback can only run once the statement has
 * finished, so a `SELECT pg_sleep(15)` ran its 15 s whatever `statement_timeout` said, and blocked the whole
 * process meanwhile. Here the WebAssembly module's imports are wrapped: the armed alarm's due time is noted,
 * and whenever the running statement asks for the time (waiting, sleeping, taking timestamps) or reads or
 * writes a file, an alarm that is due is delivered on the spot, as a real SIGALRM would be. PostgreSQL then
 * cancels the statement with its usual error. A statement that only computes in memory (a cross join of
 * cached tables) calls none of these and cannot be interrupted this way.
 */
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { maskPgliteModes } from "./private-files";

type Imports = Record<string, Record<string, unknown>>;
type EmscriptenOptions = Awaited<ReturnType<NodeFS["init"]>>["emscriptenOpts"];
type InstantiateWasm = (imports: Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => unknown;

/** Imports a running statement calls when it takes the time, waits (pg_sleep asks the clock in a loop) or spills to files. */
const CLOCK_IMPORTS = [
  "clock_time_get",
  "emscripten_get_now",
  "emscripten_date_now",
  "fd_pread",
  "fd_pwrite",
  "fd_read",
  "fd_write",
];

/**
 * A NodeFS (PGlite's own file system on a directory) whose instance delivers due alarms during statements
 * and keeps the files it writes private (private-files.ts).
 */
export class AlarmingNodeFS extends NodeFS {
  async init(pg: PGlite, options: Partial<EmscriptenOptions>): Promise<{ emscriptenOpts: Partial<EmscriptenOptions> }> {
    const { emscriptenOpts: opened } = await super.init(pg, options);
    const emscriptenOpts = { ...opened, preRun: [maskPgliteModes, ...(opened.preRun ?? [])] } as Partial<EmscriptenOptions>;
    const instantiate = (emscriptenOpts as { instantiateWasm?: InstantiateWasm }).instantiateWasm;
    if (!instantiate) return { emscriptenOpts };
    const wrapped: InstantiateWasm = (imports, done) => {
      const alarms = new Alarms();
      alarms.wrap(imports);
      return instantiate(imports, (instance, module) => {
        alarms.connect(instance);
        done(instance, module);
      });
    };
    return { emscriptenOpts: { ...emscriptenOpts, instantiateWasm: wrapped } as Partial<EmscriptenOptions> };
  }
}

class Alarms {
  /** Due time (performance.now) of each armed interval timer, by Emscripten's `which`. */
  private readonly due = new Map<number, number>();
  private deliver: ((which: number, now: number) => void) | undefined;
  private delivering = false;

  wrap(imports: Imports): void {
    // `env` and `wasi_snapshot_preview1` may be one object: wrap each once.
    for (const module of new Set(Object.values(imports))) {
      const setitimer = module._setitimer_js as ((which: number, ms: number) => number) | undefined;
      if (typeof setitimer === "function") {
        module._setitimer_js = like(setitimer, (which: number, ms: number) => {
          if (ms > 0) this.due.set(which, performance.now() + ms);
          else this.due.delete(which);
          return setitimer(which, ms);
        });
      }
      for (const name of CLOCK_IMPORTS) {
        const clock = module[name] as ((...args: unknown[]) => unknown) | undefined;
        if (typeof clock !== "function") continue;
        module[name] = like(clock, (...args: unknown[]) => {
          const result = clock(...args);
          if (this.due.size > 0) this.deliverDue();
          return result;
        });
      }
    }
  }

  connect(instance: WebAssembly.Instance): void {
    const timeout = instance.exports._emscripten_timeout as ((which: number, now: number) => void) | undefined;
    this.deliver = timeout;
  }

  private deliverDue(): void {
    if (this.delivering || !this.deliver) return;
    const now = performance.now();
    for (const [which, due] of this.due) {
      if (due > now) continue;
      this.due.delete(which);
      this.delivering = true;
      try {
        // Emscripten's own timer callback: re-arms or clears the JavaScript timer, then raises the signal.
        this.deliver(which, now);
      } finally {
        this.delivering = false;
      }
    }
  }
}

/** Emscripten reads properties of its imports (`sig`, the WebAssembly signature): the wrapper keeps them. */
function like<F extends (...args: never[]) => unknown>(original: F, wrapper: F): F {
  return Object.assign(wrapper, original);
}
