// Fan-out of one live call to its dashboard viewers: every socket the CallSession accepted with the
// "viewer" tag. Sending never waits on a viewer: a dead socket is skipped, so a slow or gone viewer
// cannot slow the call. (The viewer protocol itself belongs to the live-calls work, issue 5.)
import type { Speaker, TranscriptEntry } from "../../protocol/call";
import type { CallState } from "./store";

export const VIEWER_TAG = "viewer";

/** What happens in a call that viewers may want to see or hear. */
export type LiveEvent =
  | { kind: "entry"; entry: TranscriptEntry }
  | { kind: "interrupt"; entryId: string }
  | { kind: "audio"; speaker: Speaker; pcm: Int16Array; sampleRate: number }
  | { kind: "ended"; status: string; reason: string };

/** The session's view of its viewers: one call per event, in call order. */
export interface LiveFanout {
  publish(event: LiveEvent): void;
  /** Sockets currently watching. */
  count(): number;
}

/** Snapshot a new viewer receives first: the call's state and transcript so far. */
export interface LiveSnapshot {
  state: CallState;
  entries: TranscriptEntry[];
}

/** Default fan-out: JSON messages to viewer-tagged sockets (audio is not forwarded yet). */
export class ViewerFanout implements LiveFanout {
  constructor(private readonly ctx: DurableObjectState) {}

  count(): number {
    return this.ctx.getWebSockets(VIEWER_TAG).length;
  }

  publish(event: LiveEvent): void {
    if (event.kind === "audio") return;
    const sockets = this.ctx.getWebSockets(VIEWER_TAG);
    if (sockets.length === 0) return;
    const frame = JSON.stringify({ type: "live_event", event });
    for (const ws of sockets) {
      try {
        ws.send(frame);
      } catch {
        // a closed viewer: its close handler removes it
      }
    }
  }
}
