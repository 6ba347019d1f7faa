// Test calls with transcripts written straight to D1.
import { env } from "cloudflare:workers";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { db } from "../../../worker/db/client";
import { calls, transcriptEntries } from "../../../worker/db/schema";

export type CallRow = typeof calls.$inferSelect;

export interface EntrySpec {
  speaker?: TranscriptEntry["speaker"];
  text: string;
  /** Milliseconds after the call's start. */
  at?: number;
  emotions?: Record<string, number>;
  interrupted?: boolean;
  latency?: TranscriptEntry["latency"];
  outcome?: TranscriptEntry["outcome"];
  safety?: TranscriptEntry["safety"];
}

/** A finished call of `userId` (fields overridable) with the given transcript entries (seq 0, 1, …). */
export async function createCall(userId: string, overrides: Partial<CallRow> = {}, entries: EntrySpec[] = []): Promise<CallRow> {
  const startTime = overrides.startTime ?? Date.now() - 60_000;
  const row: CallRow = {
    id: crypto.randomUUID(),
    userId,
    echoId: null,
    callType: "phone",
    status: "completed",
    startTime,
    endTime: startTime + 45_000,
    duration: 45,
    fromNumber: "+15550101234",
    endReason: "caller_hung_up",
    providerCallId: null,
    recordingStartedAt: null,
    safetyAlert: null,
    callerVerified: false,
    ...overrides,
  };
  const database = db(env.DB);
  await database.insert(calls).values(row);
  for (const [seq, e] of entries.entries()) {
    await database.insert(transcriptEntries).values({
      id: crypto.randomUUID(),
      callId: row.id,
      seq,
      speaker: e.speaker ?? (seq % 2 === 0 ? "caller" : "assistant"),
      text: e.text,
      timestamp: startTime + (e.at ?? seq * 3000),
      emotions: e.emotions ?? {},
      interrupted: e.interrupted ?? false,
      latency: e.latency ?? null,
      outcome: e.outcome ?? null,
      safety: e.safety ?? null,
    });
  }
  return row;
}
