// What reading a server frame with the shared protocol (protocol/frame.ts + zod schemas) costs the
// browser on its busiest paths, against JSON.parse alone measured in the same run (Node, same V8 as
// Chromium): an audio_response of the test call (~2 s of audio, ~87 KB of base64), a live_entry and a
// live_snapshot of a 40-entry transcript for the viewer. Target: the schema check adds ≤ 5 % to
// JSON.parse for audio frames (the frame the client parses most bytes of); entries come a few a second.
import { type ServerMessage, serverMessages, type TranscriptEntry } from "../protocol/call-messages";
import type { z } from "zod";
import { type MessageReader, readFrame } from "../protocol/frame";
import { type ViewerServerMessage, viewerServerMessages } from "../protocol/live";
import { pcm16ToBase64 } from "../protocol/pcm16";
import { OFFLINE_ENGINES } from "../test/web/support/engines";
import { defineBench, type Figure } from "./support/bench";

const ROUNDS = 5;

/** Best of ROUNDS rounds of `n` calls, in µs per call. */
function perCallUs(n: number, fn: () => unknown): number {
  for (let i = 0; i < Math.max(50, n / 5); i++) fn();
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) fn();
    best = Math.min(best, ((performance.now() - t0) * 1000) / n);
  }
  return best;
}

const entry = (seq: number): TranscriptEntry => ({
  id: `entry-${seq}`,
  seq,
  speaker: seq % 2 ? "caller" : "assistant",
  text: "That sounds lovely. Tell me more about how your day went, and what made it feel that way.",
  timestamp: 1_700_000_000_000 + seq * 4000,
  emotions: { joy: 0.3, sadness: 0.1, anger: 0.05, fear: 0.05, surprise: 0.2, calm: 0.3 },
  latency: seq % 2 ? null : { transcribeMs: 120, firstTokenMs: 340, firstAudioMs: 610, endOfTurnMs: 500 },
});

export default defineBench({
  name: "protocol-parse",
  async run(ctx) {
    const pcm = Int16Array.from({ length: 32_768 }, (_, i) => Math.round(8000 * Math.sin(i / 9)));
    const frames = {
      audio: JSON.stringify({ type: "audio_response", data: pcm16ToBase64(pcm), sampleRate: 16_000, entryId: "entry-2" } satisfies ServerMessage),
      entry: JSON.stringify({ type: "live_entry", entry: entry(7), at: 1_700_000_030_000 } satisfies ViewerServerMessage),
      snapshot: JSON.stringify({
        type: "live_snapshot",
        call: { callId: "c1", callType: "browser_test", echoName: "Sage", provider: "offline", engines: OFFLINE_ENGINES, fromNumber: null, startTime: 1, phase: "active", endTime: null, status: null, endReason: null },
        entries: Array.from({ length: 40 }, (_, i) => entry(i + 1)),
      } satisfies ViewerServerMessage),
    };
    if (!readFrame(serverMessages, frames.audio).ok || !readFrame(viewerServerMessages, frames.entry).ok || !readFrame(viewerServerMessages, frames.snapshot).ok) {
      throw new Error("a bench frame does not parse");
    }
    ctx.log(`node ${process.version}; best of ${ROUNDS} rounds; frames: audio ${frames.audio.length} B, live_entry ${frames.entry.length} B, live_snapshot ${frames.snapshot.length} B`);

    // readFrame = JSON.parse + a few typeof checks + the schema's safeParse of the parsed object. The
    // schema step is timed on its own: timing the whole 87 KB parse twice mostly measures GC noise.
    const check = <S extends z.ZodDiscriminatedUnion>(kind: keyof typeof frames, reader: MessageReader<S>) => {
      const parsed: unknown = JSON.parse(frames[kind]);
      return {
        json: perCallUs(kind === "audio" ? 300 : kind === "entry" ? 20_000 : 1000, () => JSON.parse(frames[kind])),
        schema: perCallUs(kind === "audio" ? 20_000 : kind === "entry" ? 20_000 : 1000, () => reader.schema.safeParse(parsed)),
        read: perCallUs(kind === "audio" ? 300 : kind === "entry" ? 20_000 : 1000, () => readFrame(reader, frames[kind])),
      };
    };
    const figures: Figure[] = [];
    for (const [kind, label] of [["audio", "audio_response 87 KB"], ["entry", "live_entry"], ["snapshot", "live_snapshot 40 entries"]] as const) {
      const c = kind === "audio" ? check(kind, serverMessages) : check(kind, viewerServerMessages);
      figures.push(
        { name: `${label}: JSON.parse`, value: c.json, unit: "µs" },
        { name: `${label}: schema check of the parsed message`, value: c.schema, unit: "µs" },
        { name: `${label}: readFrame (parse + checks)`, value: c.read, unit: "µs" },
        {
          name: `${label}: schema check / JSON.parse`,
          value: c.schema / c.json,
          unit: "×",
          ...(kind === "audio" ? { target: { kind: "max" as const, value: 0.05 } } : {}),
        },
      );
    }
    return figures;
  },
});
