/**
 * A store for @fastify/rate-limit in the database, so every instance on one PostgreSQL database counts
 * the same hits: three instances allow RATE_LIMIT_MAX form posts per client, not three times as many.
 * One statement per request (an upsert that starts a new window when the old one has ended); the key
 * (route and client address) is kept only as a SHA-256 hash (pseudonymous: an IPv4 address could be found
 * again by trying all of them), and the rows of ended windows are swept once a minute.
 * With PGlite there is one instance, and the plugin's own in-process store is used.
 */
import { createHash } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Queryable } from "../db/types";

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];
type ChildOptions = Parameters<FastifyRateLimitStore["child"]>[0];

const SWEEP_INTERVAL_MS = 60_000;

export function sharedRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();

  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    db.query("DELETE FROM rate_limit_hits WHERE window_ends_at <= now()").catch(() => {
      // Swept again a minute later; a failed sweep leaves only ended windows behind.
    });
  };

  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its settings to the first store; children get their route's prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === "string" ? prefix : "";
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const hash = createHash("sha256").update(`${this.prefix}${key}`).digest("hex");
      db.query<{ hits: number; ttl: string }>(
        `INSERT INTO rate_limit_hits AS r (key_hash, hits, window_ends_at)
         VALUES ($1, 1, now() + $2::integer * interval '1 millisecond')
         ON CONFLICT (key_hash) DO UPDATE SET
           hits = CASE WHEN r.window_ends_at <= now() THEN 1 ELSE r.hits + 1 END,
           window_ends_at = CASE WHEN r.window_ends_at <= now() THEN excluded.window_ends_at ELSE r.window_ends_at END
         RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::bigint AS ttl`,
        [hash, timeWindow],
      ).then(
        ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: Math.max(0, Number(rows[0]!.ttl)) }),
        (error: Error) => callback(error),
      );
      sweep();
    }

    /** One counter per route, as the plugin's own stores keep it (it passes the route as `routeInfo`). */
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const route =
        (routeOptions as ChildOptions & { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? routeOptions;
      return new SharedRateLimitStore(`${this.prefix}${String(route.method ?? "")}${String(route.url ?? "")}-`);
    }
  };
}
