// The scheduled retention of public-line calls (callers who belong to no account): a call older than
// PUBLIC_CALL_RETENTION_DAYS is deleted everywhere, its object's storage and any recording first, then
// its D1 row with the transcript and the caller's number. Runs from the daily cron trigger
// (wrangler.toml); a call that fails is logged, passed over, and retried by the next run.
import { readConfig } from "../config/config";
import type { Env } from "../config/env";
import { db } from "../db/client";
import { deletePublicCall, expiredPublicCalls } from "../db/erase/public-calls";
import { eraseCallObjects } from "../erase/call-objects";
import { logError } from "../lib/safe-error";

const DAY_MS = 86_400_000;
/** Calls read per batch, and batches per run at most (the next run continues). */
export const PUBLIC_RETENTION_BATCH = 100;
const MAX_BATCHES = 20;

export interface PublicRetentionResult {
  deleted: string[];
  failed: string[];
}

export async function deleteExpiredPublicCalls(env: Env, now = Date.now(), batch = PUBLIC_RETENTION_BATCH): Promise<PublicRetentionResult> {
  const result: PublicRetentionResult = { deleted: [], failed: [] };
  const database = db(env.DB);
  const cutoff = now - readConfig(env).publicCallRetentionDays * DAY_MS;
  const failed = new Set<string>();
  for (let n = 0; n < MAX_BATCHES; n++) {
    const callIds = (await expiredPublicCalls(database, cutoff, batch + failed.size)).filter((id) => !failed.has(id)).slice(0, batch);
    for (const callId of callIds) {
      try {
        await eraseCallObjects(env, callId);
        await deletePublicCall(database, callId);
        result.deleted.push(callId);
      } catch (err) {
        logError(`public call retention: call ${callId} not deleted (retried next run)`, err);
        failed.add(callId);
        result.failed.push(callId);
      }
    }
    if (callIds.length < batch) break;
  }
  if (result.deleted.length || result.failed.length) {
    console.log(`public call retention: ${result.deleted.length} deleted, ${result.failed.length} failed`);
  }
  return result;
}
