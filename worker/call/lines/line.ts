// A caller line: what carries one caller's side of a call (the browser's /ws/call socket, or a Twilio
// media stream). Each line owns its socket and its wire format: it turns what arrives into 16 kHz mono
// PCM16 and typed text for the call (LineHost, the session's one entry point for caller input), and
// sends the pipeline's output back in its own format (CallerLine).
import type { ServerMessage } from "../../../protocol/call-messages";
import type { FinalStatus } from "../../db/call-writes";
import type { CallState } from "../store";

/** Why the call ended, as reported to the caller. */
export type EndReason = "caller_ended" | "connection_lost" | "idle_timeout" | "error" | "provider_ended" | (string & {});

/** The pipeline's output, in the line's wire format. */
export interface CallerLine {
  /** Transcript, text and lifecycle messages (a phone line ignores what it cannot carry). */
  send(message: ServerMessage): void;
  /**
   * Reply audio, 16 kHz mono PCM16, for the assistant entry `entryId`. Any length: the line frames it,
   * and may read `pcm` until it has all gone out (the phone line converts it as it sends), so callers
   * hand over arrays they do not write to again.
   */
  sendAudio(pcm: Int16Array, sampleRate: number, entryId: string): void;
  /** The caller barged in: drop everything queued for playback now. */
  stopPlayback(entryId: string): void;
  /** The call is over: say so and close the connection. */
  end(reason: EndReason, callId: string): void;
}

/**
 * What a line may ask of its call (the CallSession gives it): caller input in, the pipeline's fixed
 * lines out. What setting a call up takes is in setup/ (browser-start.ts, phone-start.ts, phone-link.ts).
 */
export interface LineHost {
  /** The call's state (null before a call starts). */
  state(): Readonly<CallState> | null;
  /** The one entry point for caller audio: 16 kHz mono PCM16, any length. */
  callerAudio(pcm: Int16Array): void;
  /** A typed caller turn. */
  callerText(text: string): void;
  /** Something arrived from the caller: it is still there. */
  callerActive(): void;
  /** The attached caller's connection closed or failed. */
  callerGone(code: number): Promise<void>;
  finish(status: FinalStatus, reason: EndReason): Promise<void>;
  /** Starts the conversation (a phone caller is greeted first unless `greet` is false). */
  startConversation(greet?: boolean): void;
  /**
   * Says a fixed line (the recording notice, a keypad confirmation) through the pipeline, like a reply:
   * recorded, stored, shown to the viewers and sent to the caller, ahead of what the Echo says next.
   * True once its audio has gone out; false when the call had no conversation to say it.
   */
  say(text: string): Promise<boolean>;
}
