// A deterministic AiProvider test double: scripted transcripts and replies, fixed delays on an injected
// clock, tone audio of a chosen length, optional failures, and a log of every call (with times and aborts).
import type { AiProviderName, EmotionScores } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";
import type { ActionRequest, AiProvider, PcmAudio, ReplyChunk, ReplyRequest, Transcript, TurnEndVerdict } from "../../../worker/ai/provider";
import { wordsEmotions } from "../../../worker/emotion/words-model";
import type { Clock } from "../../../worker/pipeline/core/clock";

export interface ScriptedOptions {
  clock: Clock;
  name?: AiProviderName;
  /** Transcript per call (cycled); a function gets the audio. */
  transcripts?: Array<Transcript | Error> | ((audio: PcmAudio) => Transcript);
  /** Reply deltas per call (cycled); an Error element makes the stream fail at that point. */
  replies?: Array<Array<string | Error | ActionRequest>>;
  transcribeMs?: number;
  firstTokenMs?: number;
  tokenMs?: number;
  synthMs?: number;
  /** Length of the synthesized audio per sentence. */
  audioMs?: (sentence: string) => number;
  failSynth?: (sentence: string) => boolean;
  turnModel?: (audio: PcmAudio) => TurnEndVerdict;
}

export interface SynthCall {
  text: string;
  startedAt: number;
  finishedAt: number | null;
  aborted: boolean;
  /** How the pipeline asked for it to be said. */
  delivery?: Delivery;
}

export class ScriptedProvider implements AiProvider {
  readonly name: AiProviderName;
  readonly requests: ReplyRequest[] = [];
  readonly synthCalls: SynthCall[] = [];
  readonly replyAborted: boolean[] = [];
  readonly transcribed: PcmAudio[] = [];
  readonly turnChecks: PcmAudio[] = [];
  private transcribeCount = 0;
  private replyCount = 0;
  readonly detectTurnEnd?: (audio: PcmAudio, signal?: AbortSignal) => Promise<TurnEndVerdict>;

  constructor(private readonly o: ScriptedOptions) {
    this.name = o.name ?? "offline";
    const model = o.turnModel;
    if (model) {
      this.detectTurnEnd = async (audio) => {
        this.turnChecks.push(audio);
        return model(audio);
      };
    }
  }

  async transcribe(audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    this.transcribed.push(audio);
    await this.o.clock.sleep(this.o.transcribeMs ?? 0, signal);
    const t = this.o.transcripts;
    if (typeof t === "function") return t(audio);
    const item = t?.[this.transcribeCount++ % t.length] ?? { text: "hello there", recognized: true };
    if (item instanceof Error) throw item;
    return item;
  }

  async textEmotions(text: string): Promise<EmotionScores> {
    return wordsEmotions(text);
  }

  async *reply(request: ReplyRequest, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
    this.requests.push(request);
    const index = this.replyCount++;
    this.replyAborted[index] = false;
    signal?.addEventListener("abort", () => (this.replyAborted[index] = true), { once: true });
    const script = this.o.replies?.[index % this.o.replies.length] ?? ["Okay."];
    await this.o.clock.sleep(this.o.firstTokenMs ?? 0, signal);
    for (let i = 0; i < script.length; i++) {
      if (i > 0) await this.o.clock.sleep(this.o.tokenMs ?? 0, signal);
      const delta = script[i];
      if (delta instanceof Error) throw delta;
      if (delta !== undefined) yield delta;
    }
  }

  async synthesize(text: string, _voice: VoiceStyle, signal?: AbortSignal, delivery?: Delivery): Promise<PcmAudio> {
    const call: SynthCall = { text, startedAt: this.o.clock.now(), finishedAt: null, aborted: false, ...(delivery ? { delivery } : {}) };
    this.synthCalls.push(call);
    signal?.addEventListener("abort", () => (call.aborted = true), { once: true });
    await this.o.clock.sleep(this.o.synthMs ?? 0, signal);
    if (this.o.failSynth?.(text)) throw new Error(`synthesis failed for "${text}"`);
    call.finishedAt = this.o.clock.now();
    const ms = this.o.audioMs?.(text) ?? 1000;
    const samples = new Int16Array(Math.round(ms * 16));
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16000));
    return { samples, sampleRate: 16000 };
  }
}
