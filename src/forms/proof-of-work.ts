/**
 * The form's proof of work in the browser (common/forms/proof-of-work.ts): once the visitor turns to the form,
 * it fetches a challenge from the site's own server and has a Web Worker from the site's own origin
 * (static/proof-of-work.js) compute the answer, so typing never waits for it. Each answer goes with one post.
 * Without a Worker, crypto.subtle (a page not served over HTTPS) or an answer from the server (none within
 * PROOF_GIVE_UP_MS, say on a stalled connection), the form goes without one, and the server applies its stricter
 * limit instead.
 */
import { encodeProof, proofExpiresAt, type ProofChallenge } from "../../common/forms/proof-of-work";

/** The worker's script, a file of the site (static/). */
export const PROOF_WORKER_PATH = "/proof-of-work.js";

/** An answer whose challenge runs out sooner than this is not sent: a new one is computed. */
export const PROOF_FRESH_FOR_MS = 60_000;

/** A challenge not fetched, or a computation not ended, after this long is given up; the form then goes without an answer. */
export const PROOF_GIVE_UP_MS = 20_000;

interface Solved {
  value: string;
  expiresAt: number;
}

export interface ProofOfWork {
  /** Starts fetching and computing, unless that is under way or done. */
  start(): void;
  /** The answer for one post: the one under way or done (a new one when it is stale); undefined when none can be had. */
  take(): Promise<string | undefined>;
  /** Ends the computing and the renewal (the form leaves the page). */
  stop(): void;
}

function runWorker(workerUrl: string, challenge: ProofChallenge): Promise<number | null> {
  const worker = new Worker(workerUrl);
  return new Promise<number | null>((resolve) => {
    const done = (number: number | null) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(number);
    };
    const timer = setTimeout(() => done(null), PROOF_GIVE_UP_MS);
    worker.onmessage = (event: MessageEvent<{ number?: unknown }>) =>
      done(typeof event.data?.number === "number" ? event.data.number : null);
    worker.onerror = () => done(null);
    worker.postMessage(challenge);
  });
}

/** The server's challenge; the request is aborted (and throws) when it has not come within PROOF_GIVE_UP_MS. */
async function fetchChallenge(challengeUrl: string): Promise<ProofChallenge | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROOF_GIVE_UP_MS);
  try {
    const response = await fetch(challengeUrl, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: controller.signal,
    });
    return response.ok ? ((await response.json()) as ProofChallenge) : undefined;
  } finally {
    clearTimeout(timer);
  }
}

async function solve(challengeUrl: string, workerUrl: string): Promise<Solved | undefined> {
  if (typeof Worker === "undefined" || typeof crypto === "undefined" || !crypto.subtle) return undefined;
  try {
    const challenge = await fetchChallenge(challengeUrl);
    if (!challenge) return undefined;
    const expiresAt = proofExpiresAt(challenge.salt);
    if (expiresAt === undefined) return undefined;
    const number = await runWorker(workerUrl, challenge);
    return number === null ? undefined : { value: encodeProof(challenge, number), expiresAt };
  } catch {
    return undefined;
  }
}

/** `onChange` hears each answer as it is ready, and undefined once it is taken or stale. */
export function proofOfWork(challengeUrl: string, workerUrl: string, onChange: (value: string | undefined) => void): ProofOfWork {
  let pending: Promise<Solved | undefined> | undefined;
  let renewal: ReturnType<typeof setTimeout> | undefined;

  const reset = () => {
    clearTimeout(renewal);
    pending = undefined;
    onChange(undefined);
  };

  const start = () => {
    if (pending) return;
    const run = solve(challengeUrl, workerUrl);
    pending = run;
    void run.then((solved) => {
      if (pending !== run) return;
      if (!solved) {
        // Tried again on the next post, not in a loop.
        pending = undefined;
        return;
      }
      onChange(solved.value);
      // Renewed before it runs out, so a visitor who takes long still sends a fresh one.
      renewal = setTimeout(
        () => {
          reset();
          start();
        },
        Math.max(0, solved.expiresAt - PROOF_FRESH_FOR_MS - Date.now()),
      );
    });
  };

  return {
    start,
    async take() {
      start();
      let solved = await pending;
      // A tab put to sleep may have missed its renewal.
      if (solved && solved.expiresAt - Date.now() < PROOF_FRESH_FOR_MS) {
        reset();
        start();
        solved = await pending;
      }
      reset();
      return solved?.value;
    },
    stop() {
      clearTimeout(renewal);
      pending = undefined;
    },
  };
}
