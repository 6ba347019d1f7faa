// Demo recordings for seeded calls: each transcript line spoken by the offline synthesizer (the caller
// in one voice, the Echo in its own) and laid on one timeline, as the CallSession records a call; the
// entries get their offsets and the calls their recording start. Written to the local R2 bucket with
// wrangler (one chunk object per call, the same layout the Worker writes and reads).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { VoiceStyle } from "../../protocol/echo";
import { synthesizeSpeech } from "../../worker/ai/offline/synth";
import { chunkKey } from "../../worker/recordings/keys";
import type { DemoData } from "./demo";

/** The bucket named in wrangler.toml's [[r2_buckets]]. */
export const RECORDINGS_BUCKET = "echo-recordings";
const RATE = 16_000;
/** Pause kept between two lines that would otherwise overlap. */
const GAP_MS = 350;

export interface DemoRecording {
  callId: string;
  pcm: Int16Array;
}

/**
 * Records the `count` most recent calls of `data` (mutating it: calls get `recordingStartedAt`,
 * entries `audioOffsetMs`); returns their audio.
 */
export function addDemoRecordings(data: DemoData, count: number): DemoRecording[] {
  const voiceOf = new Map(data.echoes.map((e) => [e.id, e.voiceStyle]));
  const newest = [...data.calls].sort((a, b) => b.startTime - a.startTime).slice(0, count);
  return newest.map((call) => {
    const entries = data.entries.filter((e) => e.callId === call.id).sort((a, b) => a.seq - b.seq);
    const echoVoice: VoiceStyle = (call.echoId && voiceOf.get(call.echoId)) || "warm";
    const parts: { at: number; pcm: Int16Array }[] = [];
    let end = 0;
    for (const e of entries) {
      const pcm = synthesizeSpeech(e.text, e.speaker === "caller" ? "default" : echoVoice);
      const atMs = Math.max(e.timestamp - call.startTime, end === 0 ? 0 : end + GAP_MS);
      e.audioOffsetMs = Math.round(atMs);
      parts.push({ at: Math.round((atMs * RATE) / 1000), pcm });
      end = atMs + (pcm.length * 1000) / RATE;
    }
    const total = Math.max(...parts.map((p) => p.at + p.pcm.length), RATE) + RATE / 2;
    const pcm = new Int16Array(total);
    for (const p of parts) pcm.set(p.pcm, p.at);
    call.recordingStartedAt = call.startTime;
    return { callId: call.id, pcm };
  });
}

/** Stores the recordings in the local R2 bucket (the state folder `npm run dev` and the browser tests use). */
export function putLocalRecordings(recordings: DemoRecording[], stateDir = process.env.ECHO_STATE_DIR): void {
  const dir = mkdtempSync(join(tmpdir(), "echo-rec-"));
  try {
    for (const r of recordings) {
      const file = join(dir, `${r.callId}.pcm`);
      writeFileSync(file, new Uint8Array(r.pcm.buffer, r.pcm.byteOffset, r.pcm.byteLength));
      const args = ["wrangler", "r2", "object", "put", `${RECORDINGS_BUCKET}/${chunkKey(r.callId, 0)}`, "--local", "--file", file];
      if (stateDir) args.push("--persist-to", stateDir);
      const result = spawnSync("npx", args, { encoding: "utf8", env: { ...process.env, CI: "true" } });
      if (result.status !== 0) throw new Error(`wrangler r2 object put failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
