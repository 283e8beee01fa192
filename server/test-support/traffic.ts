/**
 * Visitors during a deploy: a few loops that each view a page and then send a sign-up, one after another,
 * over kept-open connections like a browser's (Node's fetch keeps them open). Anything but a 2xx/3xx answer (a 5xx, a refused or reset
 * connection) counts as failed. `waitFor` says when a page first shows a given text (time to live).
 */
/** An answer that takes longer counts as failed. */
const REQUEST_LIMIT_MS = 15_000;

export interface TrafficStats {
  requests: number;
  failed: number;
  /** The first few failures, for the message. */
  failures: string[];
  leadsAccepted: number;
  slowestMs: number;
  /** The slowest answer from `markedAt` on (the switch), when `mark` was called. */
  slowestSinceMarkMs: number;
}

export interface Traffic {
  /** From now on, also count the slowest answer separately (call when the switch begins). */
  mark(): void;
  /** Resolves with the time (ms since epoch) the page `path` first contains `text`. */
  waitFor(path: string, text: string, limitMs?: number): Promise<number>;
  stop(): Promise<TrafficStats>;
}

export function startTraffic(
  baseUrl: string,
  options: { loops?: number; pagePath?: string; /** Pause of each loop after a sign-up. */ pauseMs?: number } = {},
): Traffic {
  const origin = new URL(baseUrl).origin;
  const stats: TrafficStats = { requests: 0, failed: 0, failures: [], leadsAccepted: 0, slowestMs: 0, slowestSinceMarkMs: 0 };
  let marked = false;
  let running = true;
  let serial = 0;

  const timed = async (label: string, request: () => Promise<{ status: number; text: string }>) => {
    const started = performance.now();
    stats.requests += 1;
    try {
      const { status, text } = await request();
      if (status >= 400) throw new Error(`${status} ${text.slice(0, 120)}`);
      return text;
    } catch (error) {
      stats.failed += 1;
      if (stats.failures.length < 5) stats.failures.push(`${label}: ${(error as Error).message}`);
      return undefined;
    } finally {
      const took = performance.now() - started;
      stats.slowestMs = Math.max(stats.slowestMs, took);
      if (marked) stats.slowestSinceMarkMs = Math.max(stats.slowestSinceMarkMs, took);
    }
  };

  const get = (path: string) =>
    timed(`GET ${path}`, async () => {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { "accept-encoding": "br, gzip" },
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
      return { status: response.status, text: await response.text() };
    });

  const loop = async (index: number) => {
    while (running) {
      await get(options.pagePath ?? "/");
      const email = `deploy-${process.pid}-${index}-${(serial += 1)}@example.org`;
      const accepted = await timed("POST /api/leads", async () => {
        const response = await fetch(`${baseUrl}/api/leads`, {
          method: "POST",
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
          headers: { "content-type": "application/json", origin, referer: `${origin}/` },
          body: JSON.stringify({ name: "Jürgen Beispiel", email, website: "" }),
        });
        return { status: response.status, text: await response.text() };
      });
      if (accepted !== undefined) stats.leadsAccepted += 1;
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  const loops = Array.from({ length: options.loops ?? 4 }, (_, index) => loop(index));

  return {
    mark: () => void (marked = true),
    async waitFor(path, text, limitMs = 120_000) {
      const deadline = Date.now() + limitMs;
      while (Date.now() < deadline) {
        const body = await get(path);
        if (body?.includes(text)) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${path} zeigt nach ${limitMs / 1000} s noch nicht „${text}“`);
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return stats;
    },
  };
}
