// What the browser sends for one captured microphone buffer: the audio, or — while muted — nothing
// but the heartbeat's ping every HEARTBEAT_INTERVAL_MS so the server knows the caller is still there.
import type { ClientMessage } from "../../protocol/call-messages";
import { HEARTBEAT_INTERVAL_MS } from "../../protocol/heartbeat";
import { pcm16ToBase64 } from "../../protocol/pcm16";
import { floatToPcm16 } from "../audio/pcm";

export function uplinkFrame(muted: boolean, now: number, lastSentAt: number, samples: Float32Array): ClientMessage | null {
  if (!muted) return { type: "audio_data", data: pcm16ToBase64(floatToPcm16(samples)), timestamp: now };
  return now - lastSentAt >= HEARTBEAT_INTERVAL_MS ? { type: "ping" } : null;
}
