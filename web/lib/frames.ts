// Reading JSON text frames from the app's WebSockets (call, live viewer, feed): pure guards that turn
// anything unexpected into null instead of breaking the screen.
import type { TranscriptEntry } from "../../protocol/call";

export type JsonObject = Record<string, unknown>;

export function isJsonObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A text frame parsed as a JSON object; null for binary frames, invalid JSON and non-objects. */
export function parseJsonObject(frame: unknown): JsonObject | null {
  if (typeof frame !== "string") return null;
  let v: unknown;
  try {
    v = JSON.parse(frame);
  } catch {
    return null;
  }
  return isJsonObject(v) ? v : null;
}

/** A transcript entry with every field the UI relies on (emotion scores are numbers). */
export function isTranscriptEntry(v: unknown): v is TranscriptEntry {
  return (
    isJsonObject(v) &&
    typeof v.id === "string" &&
    typeof v.seq === "number" &&
    (v.speaker === "caller" || v.speaker === "assistant") &&
    typeof v.text === "string" &&
    typeof v.timestamp === "number" &&
    isJsonObject(v.emotions) &&
    Object.values(v.emotions).every((s) => typeof s === "number")
  );
}
