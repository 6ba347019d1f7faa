// The scheduled retention job: recordings older than RECORDING_RETENTION_DAYS are deleted from R2 and
// their calls marked as having none (transcripts stay). Runs from the cron trigger in wrangler.toml; a
// failure on one call is logged and the others go on (the next run retries it).
import { readConfig } from "../config/config";
import { db } from "../db/client";
import { deleteRecordingObjects } from "./objects";
import { clearRecording, expiredRecordings } from "../db/recordings";
import type { Env } from "../config/env";
import { logError } from "../lib/safe-error";

/** Calls read per batch; a run goes on batch after batch until none is left (up to MAX_BATCHES). */
export const RETENTION_BATCH = 200;
/** Batches per run at most (10,000 calls a day: the next run continues). */
const MAX_BATCHES = 50;
const DAY_MS = 86_400_000;

export interface RetentionResult {
  deleted: string[];
  failed: string[];
}

export async function deleteExpiredRecordings(env: Env, now = Date.now(), batch = RETENTION_BATCH): Promise<RetentionResult> {
  const result: RetentionResult = { deleted: [], failed: [] };
  const bucket = env.RECORDINGS;
  if (!bucket) return result;
  const database = db(env.DB);
  const cutoff = now - readConfig(env).recordingRetentionDays * DAY_MS;
  // Oldest first; calls that failed in this run are passed over (they would head every batch).
  const failed = new Set<string>();
  for (let n = 0; n < MAX_BATCHES; n++) {
    const callIds = (await expiredRecordings(database, cutoff, batch + failed.size)).filter((id) => !failed.has(id)).slice(0, batch);
    for (const callId of callIds) {
      try {
        await deleteRecordingObjects(bucket, callId);
        await clearRecording(database, callId);
        result.deleted.push(callId);
      } catch (err) {
        logError(`recording retention: call ${callId} not cleaned up (retried next run)`, err);
        failed.add(callId);
        result.failed.push(callId);
      }
    }
    if (callIds.length < batch) break;
  }
  if (result.deleted.length || result.failed.length) {
    console.log(`recording retention: ${result.deleted.length} deleted, ${result.failed.length} failed`);
  }
  return result;
}
