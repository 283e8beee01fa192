/**
 * After a restore: replays the list of unsubscribes and erasures (erasure-ledger.ts) and, when it changed
 * anything, writes what it did into the audit log, so the owner sees it in the owner area.
 */
import type { Db } from "../db/types";
import { audit } from "./audit-log";
import { REPLAY_ACTOR, replayLedger, replaySummary, type ErasureLedger, type ReplayResult } from "./erasure-ledger";
import { erasePerson } from "./privacy";

export async function replayAfterRestore(db: Db, ledger: ErasureLedger): Promise<ReplayResult> {
  // The erasure itself is in the ledger already: erasing again records nothing new.
  const result = await replayLedger(db, ledger, (email) => erasePerson(db, email));
  if (result.erased + result.unsubscribed > 0) await audit(db, REPLAY_ACTOR, "ledger-replayed", replaySummary(result));
  return result;
}
