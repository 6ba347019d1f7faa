// What the browser sends for one captured microphone buffer: the audio, or — while muted — nothing
// but a keep-alive ping every CALL_KEEPALIVE_MS so the server knows the caller is still there.
import { CALL_KEEPALIVE_MS, type ClientMessage } from "../../protocol/call";
import { pcm16ToBase64 } from "../../protocol/pcm16";
import { floatToPcm16 } from "../audio/pcm";

export function uplinkFrame(muted: boolean, now: number, lastSentAt: number, samples: Float32Array): ClientMessage | null {
  if (!muted) return { type: "audio_data", data: pcm16ToBase64(floatToPcm16(samples)), timestamp: now };
  return now - lastSentAt >= CALL_KEEPALIVE_MS ? { type: "ping" } : null;
}
