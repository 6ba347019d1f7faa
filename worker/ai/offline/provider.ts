// The embedded offline provider: no network, deterministic. Honest about its limits: it has no speech
// recogniser, so it never invents the caller's words — transcribe() reports how much speech it heard
// ("[speech, 1.8 s]", recognized: false). Emotions from the words model (worker/emotion/), replies from
// the dialogue manager with the built-in lexicon tagger (offline/replies.ts, dialogue/), speech from a
// small formant synthesizer (offline/synth.ts).
import type { EmotionScores } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import { levelDb } from "../../audio/level";
import { wordsEmotions } from "../../emotion/words-model";
import type { AiProvider, PcmAudio, ReplyChunk, ReplyRequest, Transcript } from "../provider";
import { SpeechMemo, voiceKey } from "../speech-memo";
import { lightLanguage } from "./dialogue/light-tagger";
import { dialogueReply } from "./replies";
import { SYNTH_SAMPLE_RATE, synthesizeSpeech } from "./synth";

/** Milliseconds from the first to the last 20 ms frame within 35 dB of the loudest one. */
export function activeSpeechMs(audio: PcmAudio): number {
  const frame = Math.round(audio.sampleRate / 50);
  const levels: number[] = [];
  for (let at = 0; at + frame <= audio.samples.length; at += frame) levels.push(levelDb(audio.samples.subarray(at, at + frame)));
  const top = Math.max(-100, ...levels);
  if (top <= -60) return 0;
  const first = levels.findIndex((l) => l > top - 35);
  let last = levels.length - 1;
  while (last > first && (levels[last] ?? -100) <= top - 35) last--;
  return (last - first + 1) * 20;
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
}

/** One per isolate: every call of an Echo opens with the same greeting in the same voice. */
const memo = new SpeechMemo();

export class OfflineProvider implements AiProvider {
  readonly name = "offline" as const;

  async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    throwIfAborted(signal);
    return { text: `[speech, ${(activeSpeechMs(audio) / 1000).toFixed(1)} s]`, recognized: false };
  }

  async textEmotions(text: string, signal?: AbortSignal): Promise<EmotionScores> {
    throwIfAborted(signal);
    return wordsEmotions(text);
  }

  /** `now`: the clock the replies tell the time by (tests inject one). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    return dialogueReply(request, { language: lightLanguage, engine: "offline", now: this.now }, signal);
  }

  async synthesize(text: string, voice: VoiceStyle, signal?: AbortSignal, delivery?: Delivery): Promise<PcmAudio> {
    throwIfAborted(signal);
    return memo.get(text, voiceKey(voice, delivery), () => ({ samples: synthesizeSpeech(text, voice, delivery), sampleRate: SYNTH_SAMPLE_RATE }));
  }
}
