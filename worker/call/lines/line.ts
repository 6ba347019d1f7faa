// A caller line: what carries one caller's side of a call (the browser's /ws/call socket, or a Twilio
// media stream). Each line owns its socket and its wire format: it turns what arrives into 16 kHz mono
// PCM16 and typed text for the call (LineHost, the session's one entry point for caller input), and
// sends the pipeline's output back in its own format (CallerLine).
import type { ServerMessage } from "../../../protocol/call-messages";
import type { AiProvider } from "../../ai/provider";
import type { FinalStatus } from "../../db/call-writes";
import type { Env } from "../../config/env";
import type { LiveEvent } from "../live-events";
import type { CallAi, CallState, CallStore } from "../store";

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

/** What a line may ask of its call (implemented by the CallSession). */
export interface LineHost {
  readonly ctx: DurableObjectState;
  readonly env: Env;
  readonly store: CallStore;
  /** The AI provider of this call (the phone line speaks fixed prompts with it). */
  provider(): AiProvider;
  /** The call's AI for its state: the provider's name and which engine runs each stage. */
  ai(): CallAi;
  /** The call begins: its state is stored, the sync alarm set and the owner's dashboards told. */
  open(state: CallState): Promise<void>;
  /** Starts the conversation (a phone caller is greeted first unless `greet` is false). */
  startConversation(greet?: boolean): void;
  /** Ends the current conversation; the next input starts one from the stored state (e.g. a new persona). */
  restartConversation(): Promise<void>;
  /** Records the Echo's speech the line sends itself (fixed prompts); returns its offset in the recording (ms). */
  recordAssistant(pcm: Int16Array): number | null;
  /** The line queued `durationMs` of its own speech (a prompt): the pipeline's playback clock counts it. */
  promptQueued(durationMs: number): void;
  /** The one entry point for caller audio: 16 kHz mono PCM16, any length. */
  callerAudio(pcm: Int16Array): void;
  /** A typed caller turn. */
  callerText(text: string): void;
  /** Something arrived from the caller: it is still there. */
  callerActive(): void;
  /** The attached caller's connection closed or failed. */
  callerGone(code: number): Promise<void>;
  finish(status: FinalStatus, reason: EndReason): Promise<void>;
  /** Tells the viewers of this call. */
  publish(event: LiveEvent): void;
  /** The call changed hands: only `owner` may still watch; the former participants are told. */
  handOver(owner: string, formerParticipants: string[]): void;
  notifyOwner(state: CallState, event: "live_call_started" | "live_call_ended"): void;
}
