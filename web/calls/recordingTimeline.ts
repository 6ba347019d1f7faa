// Where each transcript entry is in the call's recording, and which entry is being heard at a given
// moment of it. Pure. Entries carry their own offset (`audioOffsetMs`, set when the call was recorded);
// an entry without one falls back to its timestamp measured from the recording's start.
import type { TranscriptEntry } from "../../protocol/call-messages";

/** Seconds into the recording where `entry` starts. */
export function entryStartSec(entry: TranscriptEntry, recordingStartedAt: number): number {
  const ms = entry.audioOffsetMs ?? entry.timestamp - recordingStartedAt;
  return Math.max(0, ms / 1000);
}

/** The entry being heard at `seconds`: the last one that started at or before it (null before the first). */
export function entryAt(transcript: readonly TranscriptEntry[], recordingStartedAt: number, seconds: number): TranscriptEntry | null {
  let current: TranscriptEntry | null = null;
  let currentStart = -1;
  for (const e of transcript) {
    const start = entryStartSec(e, recordingStartedAt);
    if (start <= seconds + 0.05 && start >= currentStart) {
      current = e;
      currentStart = start;
    }
  }
  return current;
}

/** "m:ss" for a player position. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
