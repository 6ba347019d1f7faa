// Reads one frame from the call socket. Pure: anything that is not a server message we know, with
// the fields we rely on, becomes null (ignored) instead of breaking the call.
import { AUDIO_SAMPLE_RATE, type ServerMessage } from "../../protocol/call";
import { isTranscriptEntry, parseJsonObject } from "../lib/frames";

export function parseServerMessage(frame: unknown): ServerMessage | null {
  const m = parseJsonObject(frame);
  if (!m) return null;
  switch (m.type) {
    case "call_started":
      return typeof m.callId === "string" && typeof m.echoName === "string" && (m.provider === "workers-ai" || m.provider === "local" || m.provider === "offline")
        ? { type: "call_started", callId: m.callId, echoName: m.echoName, provider: m.provider }
        : null;
    case "transcription":
      return typeof m.text === "string" && isTranscriptEntry(m.entry) ? { type: "transcription", text: m.text, entry: m.entry } : null;
    case "ai_response":
      if (typeof m.text !== "string") return null;
      return {
        type: "ai_response",
        text: m.text,
        ...(isTranscriptEntry(m.entry) ? { entry: m.entry } : {}),
        ...(typeof m.final === "boolean" ? { final: m.final } : {}),
      };
    case "audio_response":
      if (typeof m.data !== "string") return null;
      return {
        type: "audio_response",
        data: m.data,
        sampleRate: typeof m.sampleRate === "number" && m.sampleRate > 0 ? m.sampleRate : AUDIO_SAMPLE_RATE,
        ...(typeof m.entryId === "string" ? { entryId: m.entryId } : {}),
      };
    case "interrupt":
      return { type: "interrupt", ...(typeof m.entryId === "string" ? { entryId: m.entryId } : {}) };
    case "error":
      return typeof m.error === "string" ? { type: "error", error: m.error, ...(typeof m.code === "string" ? { code: m.code } : {}) } : null;
    case "call_ended":
      return {
        type: "call_ended",
        ...(typeof m.callId === "string" ? { callId: m.callId } : {}),
        ...(typeof m.reason === "string" ? { reason: m.reason } : {}),
      };
    default:
      return null;
  }
}
