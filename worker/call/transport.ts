// How the CallSession talks back to the caller, whatever carries the call (browser socket, Twilio
// media stream). Transports know only their wire format; the session decides what to say.
import type { ServerMessage } from "../../protocol/call";

/** Why the call ended, as reported to the caller. */
export type EndReason = "caller_ended" | "connection_lost" | "idle_timeout" | "error" | "provider_ended" | (string & {});

export interface CallTransport {
  readonly kind: "browser" | "twilio";
  /** Transcript, text and lifecycle messages (a phone line may ignore what it cannot carry). */
  send(message: ServerMessage): void;
  /** Reply audio, 16 kHz mono PCM16, for the assistant entry `entryId`. Any length: the transport frames it. */
  sendAudio(pcm: Int16Array, sampleRate: number, entryId: string): void;
  /** The caller barged in: drop everything queued for playback now. */
  stopPlayback(entryId: string): void;
  /** The call is over: say so and close the connection. */
  end(reason: EndReason, callId: string): void;
}
