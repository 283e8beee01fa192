/**
 * The list of unsubscribes and erasures that a restored backup must not undo (Art. 17 and 21 DSGVO,
 * § 7 UWG). It lives outside the database and its dumps: one JSON line per event in
 * `DATA_DIR/abmeldungen-loeschungen.log`, with the time, the kind and an HMAC of the lower-cased address
 * under a key in `DATA_DIR/abmeldungen-loeschungen.key` (made on first use, never in a dump). The address
 * itself is not in it: a key value only tells whether a given address is the one meant.
 *
 * `replayLedger` applies every entry to the database as it is now: an erased person whose records are older
 * than the erasure is erased again, an unsubscribed one who has not confirmed again since is unsubscribed
 * again. Running it changes nothing when nothing was restored, so the server runs it at every start (before
 * the outbox sends) and `npm run leads -- restore-check` runs it by hand and says what it did.
 */
import { createHmac, randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/types";

export type LedgerKind = "abgemeldet" | "gelöscht";

export interface LedgerEntry {
  /** ISO time of the unsubscribe or erasure. */
  at: string;
  kind: LedgerKind;
  /** HMAC-SHA-256 of the lower-cased address, hex, first 32 digits. */
  key: string;
}

export const LEDGER_FILE = "abmeldungen-loeschungen.log";
export const LEDGER_KEY_FILE = "abmeldungen-loeschungen.key";

export class ErasureLedger {
  readonly file: string;
  private readonly keyFile: string;
  private secret?: Buffer;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, LEDGER_FILE);
    this.keyFile = path.join(dataDir, LEDGER_KEY_FILE);
  }

  private key(): Buffer {
    if (this.secret) return this.secret;
    mkdirSync(path.dirname(this.keyFile), { recursive: true });
    if (!existsSync(this.keyFile)) writeFileSync(this.keyFile, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    this.secret = Buffer.from(readFileSync(this.keyFile, "utf8").trim(), "hex");
    return this.secret;
  }

  /** The value that stands for `email` in the ledger. */
  keyOf(email: string): string {
    return createHmac("sha256", this.key()).update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  }

  /** Appends one event; `at` defaults to now. */
  record(email: string, kind: LedgerKind, at = new Date()): void {
    const entry: LedgerEntry = { at: at.toISOString(), kind, key: this.keyOf(email) };
    mkdirSync(path.dirname(this.file), { recursive: true });
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }

  entries(): LedgerEntry[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .flatMap((line) => {
        try {
          const entry = JSON.parse(line) as LedgerEntry;
          return typeof entry.at === "string" && typeof entry.key === "string" ? [entry] : [];
        } catch {
          return []; // a line cut off by a crash: the event before it still counts
        }
      });
  }

  /**
   * Drops entries older than `days` (the backups' lifetime): no backup that could bring the person back is
   * left. Returns how many went.
   */
  prune(days: number, now = new Date()): number {
    const all = this.entries();
    const cutoff = now.getTime() - days * 86_400_000;
    const kept = all.filter((entry) => Date.parse(entry.at) >= cutoff);
    if (kept.length === all.length) return 0;
    const temporary = `${this.file}.neu`;
    writeFileSync(temporary, kept.map((entry) => `${JSON.stringify(entry)}\n`).join(""), { mode: 0o600 });
    renameSync(temporary, this.file);
    return all.length - kept.length;
  }
}

export interface ReplayResult {
  /** People erased again: their leads, requests and queued mails were back after a restore. */
  erased: number;
  /** Leads unsubscribed again. */
  unsubscribed: number;
}

/**
 * Applies the ledger to the database: erases again who was erased after their records were written, and
 * unsubscribes again who unsubscribed after their last confirmation. `erase` is the same erasure the owner
 * area uses, so it reaches the outbox and the webhook receivers too.
 */
/** Who the audit log names for what the server does by itself after a restore. */
export const REPLAY_ACTOR = "Wiederherstellung";

/** "2 Personen erneut gelöscht, 1 Anmeldung erneut abgemeldet": what a replay did, for the log and the CLI. */
export function replaySummary(result: ReplayResult): string {
  const people = result.erased === 1 ? "1 Person" : `${result.erased} Personen`;
  const leads = result.unsubscribed === 1 ? "1 Anmeldung" : `${result.unsubscribed} Anmeldungen`;
  return `${people} erneut gelöscht, ${leads} erneut abgemeldet`;
}

export async function replayLedger(
  db: Db,
  ledger: ErasureLedger,
  erase: (email: string) => Promise<unknown>,
): Promise<ReplayResult> {
  const entries = ledger.entries();
  const result: ReplayResult = { erased: 0, unsubscribed: 0 };
  if (entries.length === 0) return result;
  const latest = (kind: LedgerKind) => {
    const map = new Map<string, number>();
    for (const entry of entries)
      if (entry.kind === kind) map.set(entry.key, Math.max(map.get(entry.key) ?? 0, Date.parse(entry.at)));
    return map;
  };
  const erasures = latest("gelöscht");
  const unsubscribes = latest("abgemeldet");
  const people = await db.query<{ email: string; since: Date | string | null }>(
    `SELECT email, max(since) AS since FROM (
       SELECT lower(email) AS email, coalesce(confirmed_at, submitted_at, unsubscribed_at) AS since FROM leads
       UNION ALL SELECT lower(email), submitted_at FROM contact_requests) p
     GROUP BY email`,
  );
  for (const person of people.rows) {
    const erasedAt = erasures.get(ledger.keyOf(person.email));
    const since = person.since === null ? 0 : new Date(person.since).getTime();
    if (erasedAt !== undefined && since <= erasedAt) {
      await erase(person.email);
      result.erased += 1;
    }
  }
  // A sign-up made or confirmed after the unsubscribe is the person's own new choice: it stays.
  const subscribed = await db.query<{ id: number; email: string; since: Date | string | null }>(
    "SELECT id, email, greatest(confirmed_at, submitted_at) AS since FROM leads WHERE status <> 'unsubscribed'",
  );
  for (const lead of subscribed.rows) {
    const unsubscribedAt = unsubscribes.get(ledger.keyOf(lead.email));
    const since = lead.since === null ? 0 : new Date(lead.since).getTime();
    if (unsubscribedAt === undefined || since > unsubscribedAt) continue;
    await db.transaction(async (tx) => {
      await tx.query("UPDATE leads SET status = 'unsubscribed', unsubscribed_at = $2 WHERE id = $1", [
        lead.id,
        new Date(unsubscribedAt).toISOString(),
      ]);
      await tx.query(
        "UPDATE lead_consents SET unsubscribed_at = $2 WHERE lead_id = $1 AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL",
        [lead.id, new Date(unsubscribedAt).toISOString()],
      );
      await tx.query("UPDATE mail_outbox SET status = 'cancelled', message = NULL WHERE lead_id = $1 AND status = 'pending'", [
        lead.id,
      ]);
    });
    result.unsubscribed += 1;
  }
  return result;
}
