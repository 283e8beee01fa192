/**
 * A store for @fastify/rate-limit in the database, so every instance on one PostgreSQL database counts
 * the same hits: three instances allow RATE_LIMIT_MAX form posts per client, not three times as many.
 * One statement per burst of requests (an upsert that starts a new window when the old one has ended); the key
 * (route and client address) is kept only as an HMAC under a secret that changes every day (UTC) and is
 * deleted the day after next (db/daily-secrets.ts), so a row cannot be traced back to an address by trying all
 * of them once its secret is gone; the rows of ended windows are swept once a minute, long before. At midnight
 * a window starts afresh under the new day's secret.
 * With PGlite there is one instance, and the plugin's own in-process store is used.
 */
import { createHmac } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { dailySecret, SWEEP_DAILY_SECRETS } from "../db/daily-secrets";
import type { Queryable } from "../db/types";

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
type ChildOptions = Parameters<FastifyRateLimitStore["child"]>[0];

const SWEEP_INTERVAL_MS = 60_000;

interface Hit {
  /** Route and client address; hashed under the day's secret just before counting. */
  key: string;
  hash?: string;
  timeWindow: number;
  callback: Callback;
}

/**
 * The hits that arrive while a statement is under way are counted together by the next one, and every
 * callback is answered in the order its request came: the requests then go on (to the form's group commit)
 * in the order they arrived, as they would with the in-process store, while the database sees one statement
 * per burst rather than one per request.
 */
function batchedCounter(db: Queryable, sweep: () => void) {
  let waiting: Hit[] = [];
  let running = false;
  const secret = dailySecret(db);

  const count = async (hits: Hit[]) => {
    const today = await secret();
    const keys = new Map<string, { n: number; timeWindow: number }>();
    for (const hit of hits) {
      hit.hash = createHmac("sha256", today).update(hit.key).digest("hex");
      const key = keys.get(hit.hash);
      if (key) key.n += 1;
      else keys.set(hit.hash, { n: 1, timeWindow: hit.timeWindow });
    }
    const { rows } = await db.query<{ key_hash: string; hits: number; ttl: string }>(
      `INSERT INTO rate_limit_hits AS r (key_hash, hits, window_ends_at)
       SELECT k, n, now() + w * interval '1 millisecond' FROM unnest($1::text[], $2::integer[], $3::integer[]) AS t(k, n, w)
       ON CONFLICT (key_hash) DO UPDATE SET
         hits = CASE WHEN r.window_ends_at <= now() THEN excluded.hits ELSE r.hits + excluded.hits END,
         window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
       RETURNING key_hash, hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::bigint AS ttl`,
      [[...keys.keys()], [...keys.values()].map((key) => key.n), [...keys.values()].map((key) => key.timeWindow)],
    );
    const totals = new Map(rows.map((row) => [row.key_hash, row]));
    const seen = new Map<string, number>();
    for (const hit of hits) {
      const hash = hit.hash!;
      const row = totals.get(hash)!;
      const before = seen.get(hash) ?? 0;
      seen.set(hash, before + 1);
      // The earlier requests of the burst took the lower counts.
      const current = row.hits - keys.get(hash)!.n + before + 1;
      hit.callback(null, { current, ttl: Math.max(0, Number(row.ttl)) });
    }
  };

  const next = () => {
    if (running || waiting.length === 0) return;
    running = true;
    const hits = waiting;
    waiting = [];
    count(hits)
      .catch((error: Error) => hits.forEach((hit) => hit.callback(error)))
      .finally(() => {
        running = false;
        next();
      });
    sweep();
  };

  return (hit: Hit) => {
    waiting.push(hit);
    next();
  };
}

export function sharedRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();

  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    db.query("DELETE FROM rate_limit_hits WHERE window_ends_at <= now()")
      .then(() => db.query(SWEEP_DAILY_SECRETS))
      .catch(() => {
        // Swept again a minute later; a failed sweep leaves only ended windows behind.
      });
  };

  const counter = batchedCounter(db, sweep);

  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its settings to the first store; children get their route's prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === "string" ? prefix : "";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counter({ key: `${this.prefix}${key}`, timeWindow, callback });
    }

    /** One counter per route, as the plugin's own stores keep it (it passes the route as `routeInfo`). */
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const route =
        (routeOptions as ChildOptions & { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? routeOptions;
      return new SharedRateLimitStore(`${this.prefix}${String(route.method ?? "")}${String(route.url ?? "")}-`);
    }
  };
}
