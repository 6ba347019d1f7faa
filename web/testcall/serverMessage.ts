// Reads one frame from the call socket. Pure: anything that is not a server message we know, with
// the fields we rely on, becomes null (ignored) instead of breaking the call.
import { AUDIO_SAMPLE_RATE, type ServerMessage, type TranscriptEntry } from "../../protocol/call";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isEntry(v: unknown): v is TranscriptEntry {
  return (
    isObj(v) &&
    typeof v.id === "string" &&
    typeof v.seq === "number" &&
    (v.speaker === "caller" || v.speaker === "assistant") &&
    typeof v.text === "string" &&
    typeof v.timestamp === "number" &&
    isObj(v.emotions) &&
    Object.values(v.emotions).every((s) => typeof s === "number")
  );
}

export function parseServerMessage(frame: unknown): ServerMessage | null {
  if (typeof frame !== "string") return null;
  let m: unknown;
  try {
    m = JSON.parse(frame);
  } catch {
    return null;
  }
  if (!isObj(m)) return null;
  switch (m.type) {
    case "call_started":
      return typeof m.callId === "string" && typeof m.echoName === "string" && (m.provider === "workers-ai" || m.provider === "offline")
        ? { type: "call_started", callId: m.callId, echoName: m.echoName, provider: m.provider }
        : null;
    case "transcription":
      return typeof m.text === "string" && isEntry(m.entry) ? { type: "transcription", text: m.text, entry: m.entry } : null;
    case "ai_response":
      if (typeof m.text !== "string") return null;
      return {
        type: "ai_response",
        text: m.text,
        ...(isEntry(m.entry) ? { entry: m.entry } : {}),
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
