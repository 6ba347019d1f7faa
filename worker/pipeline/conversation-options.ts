// What a Conversation (conversation.ts) is made with: its provider, persona, event sink and fallback voice, and the
// optional clock, ids, turn-taking and resilience settings tests and restarts set.
import type { CallType } from "../../protocol/call-messages";
import type { MemoryNote } from "../../protocol/memory";
import type { AiProvider, ChatMessage, FallbackVoice, Persona } from "../ai/provider";
import type { Clock } from "./core/clock";
import type { PipelineEmit } from "./core/events";
import type { PipelineSettings } from "../config/pipeline-settings";
import type { TrailSink } from "./core/trail";
import type { TurnOptions } from "./turns/end-of-turn";
import type { VoiceBaselineState } from "./hearing/voice-baseline";
import type { VadOptions } from "./turns/vad";
import type { SafetyResources } from "../config/safety-resources";
import type { ActionPort } from "./actions/port";

export interface ConversationOptions {
  provider: AiProvider;
  persona: Persona;
  emit: PipelineEmit;
  /** The voice of the fixed lines when the provider's speech fails (the call side gives the embedded one). */
  fallbackVoice: FallbackVoice;
  clock?: Clock;
  newId?: () => string;
  turn?: Partial<TurnOptions>;
  vad?: Partial<VadOptions>;
  /** Caller speech must last this long to interrupt the assistant (filters echo blips). Default 200 ms. */
  bargeInMs?: number;
  /** How long to wait for more speech when the provider's turn model says the caller isn't done. */
  turnHoldMs?: number;
  /** The conversation so far (e.g. after the Durable Object restarted). */
  history?: ChatMessage[];
  maxHistory?: number;
  /** browser_test (default) or phone: providers may word things differently (no "type it" on a phone). */
  callType?: CallType;
  /** Deadlines, retries and when to give up (defaults: settings.ts). */
  settings?: Partial<PipelineSettings>;
  /** Backoff jitter source (default Math.random). */
  random?: () => number;
  /** The call this conversation belongs to, for the log lines. */
  callId?: string;
  /** Where log lines go (default: console, one JSON object per line). */
  trail?: TrailSink;
  /** The caller's voice baseline from before this call (a caller's memory; absent: learnt from this call's turns). */
  voiceBaseline?: VoiceBaselineState;
  /**
   * What the Echo remembers of this caller, ranked (the call side reads it only for a verified caller
   * with "Remember callers" on): the system prompt's bounded memory section, and request.memory for
   * rule-based engines. Absent: nothing personal.
   */
  memory?: MemoryNote[];
  /** The numbers the safety message gives (SAFETY_RESOURCES; default: the US ones). */
  safetyResources?: SafetyResources;
  /**
   * What the caller can ask the Echo to do (remember, callbacks, follow-ups: actions/port.ts). Given:
   * the engine is offered the actions (and end_call); absent: it answers in words only.
   */
  actions?: ActionPort;
  /** The owner's time zone (IANA name): replies that tell the time and the times of actions use it; else UTC. */
  timeZone?: string;
}
