// A finished call with three lines and its recording, seeded straight into the e2e app's local D1
// and R2 (what a recorded call leaves): shared by the Chromium and WebKit player tests.
import { inject } from "vitest";
import type { DemoData } from "../../scripts/seed/demo";
import { addDemoRecordings, putLocalRecordings } from "../../scripts/seed/recordings";
import { demoSql, runLocalSql } from "../../scripts/seed/sql";

/** Seeds the call for `userId`; returns its id and where each line starts in the audio (seconds). */
export function seedRecordedCall(userId: string): { callId: string; offsets: number[] } {
  const callId = `e2e-rec-${userId.slice(0, 8)}`;
  const startTime = Date.now() - 3_600_000;
  const data: DemoData = {
    echoes: [],
    calls: [{ id: callId, echoId: null, callType: "browser_test", status: "completed", startTime, endTime: startTime + 20_000, duration: 20, fromNumber: null, endReason: "user_ended" }],
    entries: [
      { id: `${callId}-0`, callId, seq: 0, speaker: "caller", text: "Good morning, I would like some help planning my week.", timestamp: startTime + 500, emotions: { calm: 0.7, joy: 0.3 }, interrupted: false, latency: null },
      { id: `${callId}-1`, callId, seq: 1, speaker: "assistant", text: "Of course. Let us start with the most important thing on your list.", timestamp: startTime + 4000, emotions: {}, interrupted: false, latency: null },
      { id: `${callId}-2`, callId, seq: 2, speaker: "caller", text: "Thank you, that helps a lot.", timestamp: startTime + 9000, emotions: { joy: 0.8, calm: 0.2 }, interrupted: false, latency: null },
    ],
    summaries: [],
  };
  const recordings = addDemoRecordings(data, 1);
  runLocalSql(demoSql(userId, data, { echoes: false }), inject("stateDir"));
  putLocalRecordings(recordings, inject("stateDir"));
  return { callId, offsets: data.entries.map((e) => e.audioOffsetMs! / 1000) };
}
