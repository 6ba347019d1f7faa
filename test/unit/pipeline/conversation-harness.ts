// Drives a Conversation on a ManualClock and records the events and the trail's log lines with their
// times: with a ScriptedProvider (optionally behind a ChaosProvider's faults) — setup() — or with a
// provider of the test's own — setupWith().
import type { AiProvider, Persona } from "../../../worker/ai/provider";
import { concatPcm } from "../../../worker/audio/pcm";
import { BUNDLED_VOICE } from "../../../worker/ai/offline/synth";
import { Conversation } from "../../../worker/pipeline/conversation";
import type { ConversationOptions } from "../../../worker/pipeline/conversation-options";
import type { PipelineEvent } from "../../../worker/pipeline/core/events";
import { loadFixture, silence } from "../support/fixtures";
import { ManualClock } from "../support/manual-clock";
import { ChaosProvider, type Fault, type FaultMethod } from "../support/chaos-provider";
import { ScriptedProvider, type ScriptedOptions } from "../support/scripted-provider";
import type { ScriptedTranscriber } from "../support/scripted-transcriber";

export const PERSONA: Persona = {
  name: "Nova",
  description: "A friendly helper",
  personality: "friendly",
  expertise: "general",
  instructions: "",
  voiceStyle: "warm",
};

/** One spoken caller turn: the "hello" fixture, then 400 ms of silence (the turn ends). */
export const hello = () => concatPcm([loadFixture("speech-hello"), silence(400)]);

export interface Logged {
  at: number;
  event: PipelineEvent;
}

export interface TrailLine {
  at: number;
  level: "info" | "error";
  record: Record<string, unknown>;
}

export function setup(
  script: Omit<ScriptedOptions, "clock"> = {},
  options: Partial<ConversationOptions> = {},
  faults: Partial<Record<FaultMethod, Fault[]>> = {},
  /** Streaming speech-to-text decides the turns (the provider gets openTranscriber). */
  streaming?: ScriptedTranscriber,
) {
  const clock = new ManualClock();
  const provider = new ScriptedProvider({ clock, ...script });
  const chaos = new ChaosProvider(provider, clock, faults);
  return { provider, chaos, ...drive(streaming ? streaming.attach(chaos) : chaos, clock, options) };
}

/** The same harness around a provider of the test's own (e.g. a real engine: OfflineProvider). */
export function setupWith(provider: AiProvider, options: Partial<ConversationOptions> = {}) {
  return drive(provider, new ManualClock(), options);
}

function drive(provider: AiProvider, clock: ManualClock, options: Partial<ConversationOptions>) {
  const log: Logged[] = [];
  const trail: TrailLine[] = [];
  let ids = 0;
  const conversation = new Conversation({
    provider,
    persona: PERSONA,
    fallbackVoice: BUNDLED_VOICE,
    clock,
    newId: () => `id${++ids}`,
    emit: (event) => log.push({ at: clock.now(), event }),
    random: () => 0.5,
    trail: {
      info: (record) => trail.push({ at: clock.now(), level: "info", record }),
      error: (record) => trail.push({ at: clock.now(), level: "error", record }),
    },
    ...options,
  });
  const types = () => log.map((l) => l.event.type);
  const of = <T extends PipelineEvent["type"]>(type: T) =>
    log.filter((l): l is { at: number; event: Extract<PipelineEvent, { type: T }> } => l.event.type === type);
  /** Streams audio at real-time pace in browser-sized chunks (4096 samples = 256 ms). */
  const speak = async (samples: Int16Array, chunk = 4096) => {
    for (let i = 0; i < samples.length; i += chunk) {
      const part = samples.subarray(i, i + chunk);
      conversation.pushAudio(part);
      await clock.advance((part.length * 1000) / 16000);
    }
  };
  return { clock, conversation, log, trail, types, of, speak };
}
