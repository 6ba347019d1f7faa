// Drives a Conversation with a ScriptedProvider on a ManualClock and records the events with their times.
import type { Persona } from "../../../worker/ai/provider";
import { Conversation, type ConversationOptions } from "../../../worker/pipeline/conversation";
import type { PipelineEvent } from "../../../worker/pipeline/events";
import { ManualClock } from "../support/manual-clock";
import { ScriptedProvider, type ScriptedOptions } from "../support/scripted-provider";

export const PERSONA: Persona = {
  name: "Nova",
  description: "A friendly helper",
  personality: "friendly",
  expertise: "general",
  instructions: "",
  voiceStyle: "warm",
};

export interface Logged {
  at: number;
  event: PipelineEvent;
}

export function setup(script: Omit<ScriptedOptions, "clock"> = {}, options: Partial<ConversationOptions> = {}) {
  const clock = new ManualClock();
  const provider = new ScriptedProvider({ clock, ...script });
  const log: Logged[] = [];
  let ids = 0;
  const conversation = new Conversation({
    provider,
    persona: PERSONA,
    clock,
    newId: () => `id${++ids}`,
    emit: (event) => log.push({ at: clock.now(), event }),
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
  return { clock, provider, conversation, log, types, of, speak };
}
