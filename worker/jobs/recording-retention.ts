// The scheduled retention job: recordings older than RECORDING_RETENTION_DAYS are deleted from R2 and
// their calls marked as having none (transcripts stay). Runs from the cron trigger in wrangler.toml; a
// failure on one call is logged and the others go on (the next run retries it).
import { readConfig } from "../config";
import { db } from "../db/client";
import { deleteRecordingObjects } from "../db/recording-objects";
import { clearRecording, expiredRecordings } from "../db/recordings";
import type { Env } from "../env";

/** Calls handled per run at most (the next run continues). */
export const RETENTION_BATCH = 200;
const DAY_MS = 86_400_000;

export interface RetentionResult {
  deleted: string[];
  failed: string[];
}

export async function deleteExpiredRecordings(env: Env, now = Date.now()): Promise<RetentionResult> {
  const result: RetentionResult = { deleted: [], failed: [] };
  const bucket = env.RECORDINGS;
  if (!bucket) return result;
  const database = db(env.DB);
  const cutoff = now - readConfig(env).recordingRetentionDays * DAY_MS;
  for (const callId of await expiredRecordings(database, cutoff, RETENTION_BATCH)) {
    try {
      await deleteRecordingObjects(bucket, callId);
      await clearRecording(database, callId);
      result.deleted.push(callId);
    } catch (err) {
      console.error(`recording retention: call ${callId} not cleaned up (retried next run)`, err);
      result.failed.push(callId);
    }
  }
  if (result.deleted.length || result.failed.length) {
    console.log(`recording retention: ${result.deleted.length} deleted, ${result.failed.length} failed`);
  }
  return result;
}
