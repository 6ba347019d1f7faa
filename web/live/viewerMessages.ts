// The live viewer socket, client side and pure: its address, server frames parsed into
// ViewerServerMessage (protocol/live.ts), and the transcript kept in call order.
import type { TranscriptEntry } from "../../protocol/call";
import type { ViewerServerMessage } from "../../protocol/live";
import { isJsonObject, isTranscriptEntry, parseJsonObject } from "../lib/frames";

export const LIVE_SOCKET_PATH = "/ws/live";

export function liveSocketUrl(location: { protocol: string; host: string }, callId: string): string {
  return `${location.protocol === "http:" ? "ws" : "wss"}://${location.host}${LIVE_SOCKET_PATH}/${encodeURIComponent(callId)}`;
}

/** A text frame from the server as a viewer message, or null for anything unexpected. */
export function parseViewerMessage(data: unknown): ViewerServerMessage | null {
  const v = parseJsonObject(data);
  if (!v) return null;
  switch (v.type) {
    case "live_snapshot":
      return isJsonObject(v.call) && typeof v.call.callId === "string" && Array.isArray(v.entries) && v.entries.every(isTranscriptEntry)
        ? (v as ViewerServerMessage)
        : null;
    case "live_entry":
      return isTranscriptEntry(v.entry) ? (v as ViewerServerMessage) : null;
    case "live_interrupt":
      return typeof v.entryId === "string" ? (v as ViewerServerMessage) : null;
    case "live_ended":
      return typeof v.status === "string" && typeof v.reason === "string" ? (v as ViewerServerMessage) : null;
    case "listening":
      return typeof v.on === "boolean" ? (v as ViewerServerMessage) : null;
    case "pong":
      return { type: "pong" };
    case "live_error":
      return typeof v.error === "string" && typeof v.code === "string" ? (v as ViewerServerMessage) : null;
    default:
      return null;
  }
}

/** The transcript with `entry` added, or replacing the entry with its id; always in seq order. */
export function upsertEntry(entries: readonly TranscriptEntry[], entry: TranscriptEntry): TranscriptEntry[] {
  const i = entries.findIndex((e) => e.id === entry.id);
  if (i >= 0) {
    const next = [...entries];
    next[i] = entry;
    return next;
  }
  const last = entries.at(-1);
  if (!last || last.seq < entry.seq) return [...entries, entry];
  return [...entries, entry].sort((a, b) => a.seq - b.seq);
}
