// The live viewer socket, client side and pure: its address (protocol/sockets.ts, with the protocol
// version), the typed messages a viewer sends, and the transcript kept in call order. Server frames
// are read with the shared reader (viewerServerMessages in protocol/live.ts).
import type { TranscriptEntry } from "../../protocol/call-messages";
import type { ViewerClientMessage } from "../../protocol/live";
import { livePath, socketUrl } from "../../protocol/sockets";

export function liveSocketUrl(location: { protocol: string; host: string }, callId: string): string {
  return socketUrl(location, livePath(callId));
}

/** Sends one viewer message if the socket is open; false otherwise. */
export function sendViewerMessage(ws: { readonly readyState: number; send(data: string): void }, message: ViewerClientMessage): boolean {
  if (ws.readyState !== 1 /* WebSocket.OPEN */) return false;
  ws.send(JSON.stringify(message));
  return true;
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
