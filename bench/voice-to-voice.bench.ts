// Voice to voice: from the caller's last word to the first reply audio, p50 / p95, for the two ways the
// Workers AI provider hears a caller — Whisper after the VAD (+ smart-turn) vs Flux streaming with eager
// end of turn — through the real Conversation (VAD, turn model hold, speculation, reply, sentence
// chunking), on a virtual clock with stand-ins that take each model's latency. The caller is the real
// speech fixture pushed in 20 ms frames at real-time pace; its last word is at SPEECH_END_MS.
//
// The model latencies are ASSUMPTIONS (printed with the figures), each drawn per call from a log-normal
// spread (σ = 0.25) around the median below:
//   Flux EndOfTurn    260 ms after the last word — Deepgram's published end-of-turn latency for Flux
//   Flux EagerEndOfTurn 110 ms after the last word — Deepgram/Telnyx: eager mode saves ~150–250 ms
//   Whisper large-v3-turbo (Workers AI), a ~2 s turn: 450 ms — typical, not published
//   smart-turn-v2 (Workers AI): 60 ms — ~12 ms model time published by Pipecat, plus the binding's round trip
//   emotions: none (the words model runs in the Worker, well under 1 ms: `npm run bench -- emotion`)
//   Llama 3.3 70B fp8-fast first token 300 ms, then 15 ms per token — typical Workers AI figures
//   Aura-1 first audio of a sentence: 200 ms — Deepgram publishes "sub-250 ms" time to first byte
// The VAD's own end-of-turn delay is not assumed: the real detector decides on the real audio.
// Target: the Flux path's p50 ≤ 700 ms. The pipeline's own overhead is `npm run bench -- pipeline`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { EmotionScores } from "../protocol/call-messages";
import type { VoiceStyle } from "../protocol/echo";
import { wordsEmotions } from "../worker/emotion/words-model";
import type { AiProvider, PcmAudio, ReplyRequest, StreamingTranscriber, Transcript, TranscriberOptions, TurnEndVerdict } from "../worker/ai/provider";
import { concatPcm } from "../worker/audio/pcm";
import { parseWav } from "../worker/audio/wav";
import { Conversation } from "../worker/pipeline/conversation";
import { BUNDLED_VOICE } from "../worker/ai/offline/synth";
import { type Figure, defineBench, stats } from "./support/bench";
import { ManualClock } from "../test/unit/support/manual-clock";

const RUNS = 120;
const FRAME = 320; // 20 ms at 16 kHz
/** Where speech ends in the fixtures (ms): 0.25 s padding + 1.9455 s of speech (test/fixtures/README.md). */
const SPEECH_END_MS = 250 + 1945.5;

export const ASSUMED_MS = {
  fluxEndOfTurn: 260,
  fluxEagerEndOfTurn: 110,
  whisper: 450,
  smartTurn: 60,
  llmFirstToken: 300,
  llmPerToken: 15,
  ttsFirstAudio: 200,
} as const;

/** Deterministic jitter: a seeded log-normal factor around 1. */
function jitter(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const uniform = () => ((s = (s * 1664525 + 1013904223) >>> 0) + 0.5) / 2 ** 32;
  return () => Math.exp(0.25 * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()));
}

const REPLY_TOKENS = ["Sure", ".", " Tell", " me", " more", " about", " your", " day", "."];

/** The Workers AI models, as latencies on the virtual clock. */
class TimedModels implements AiProvider {
  readonly name = "workers-ai" as const;
  readonly detectTurnEnd?: (audio: PcmAudio, signal?: AbortSignal) => Promise<TurnEndVerdict>;
  readonly openTranscriber?: (options: TranscriberOptions) => StreamingTranscriber;

  constructor(
    private readonly clock: ManualClock,
    private readonly spread: () => number,
    mode: "whisper" | "flux",
  ) {
    this.detectTurnEnd = async (_audio, signal) => {
      await clock.sleep(ASSUMED_MS.smartTurn * spread(), signal);
      return { complete: true, probability: 0.9 };
    };
    if (mode === "flux") this.openTranscriber = (options) => new TimedFlux(clock, spread, options);
  }
  async transcribe(_audio: PcmAudio, signal?: AbortSignal): Promise<Transcript> {
    await this.clock.sleep(ASSUMED_MS.whisper * this.spread(), signal);
    return { text: "I had a really good day today", recognized: true };
  }
  async textEmotions(text: string): Promise<EmotionScores> {
    return wordsEmotions(text);
  }
  async *reply(_request: ReplyRequest, signal?: AbortSignal): AsyncIterable<string> {
    await this.clock.sleep(ASSUMED_MS.llmFirstToken * this.spread(), signal);
    for (let i = 0; i < REPLY_TOKENS.length; i++) {
      if (i > 0) await this.clock.sleep(ASSUMED_MS.llmPerToken, signal);
      yield REPLY_TOKENS[i] ?? "";
    }
  }
  async synthesize(_text: string, _voice: VoiceStyle, signal?: AbortSignal): Promise<PcmAudio> {
    await this.clock.sleep(ASSUMED_MS.ttsFirstAudio * this.spread(), signal);
    return { samples: new Int16Array(8000), sampleRate: 16000 };
  }
}

/** Flux's turn events at its latencies after the last voiced frame (audio energy decides, as the model hears). */
class TimedFlux implements StreamingTranscriber {
  private audioMs = 0;
  private lastVoicedMs: number | null = null;
  private inTurn = false;
  private turn = 0;
  private timers = new AbortController();

  constructor(
    private readonly clock: ManualClock,
    private readonly spread: () => number,
    private readonly options: TranscriberOptions,
  ) {}

  push(samples: Int16Array): void {
    for (let at = 0; at + FRAME <= samples.length; at += FRAME) {
      let sum = 0;
      for (let i = at; i < at + FRAME; i++) sum += (samples[i] ?? 0) ** 2;
      this.audioMs += 20;
      if (Math.sqrt(sum / FRAME) < 400) continue;
      this.lastVoicedMs = this.audioMs;
      if (!this.inTurn) {
        this.inTurn = true;
        this.options.onEvent({ type: "start_of_turn", turn: this.turn, atMs: this.audioMs });
      }
      this.reschedule();
    }
  }

  close(): void {
    this.timers.abort();
  }

  /** New speech: the pending eager/end events move to after it. */
  private reschedule(): void {
    this.timers.abort();
    this.timers = new AbortController();
    const signal = this.timers.signal;
    const words = "I had a really good day today";
    const turn = this.turn;
    const eager = ASSUMED_MS.fluxEagerEndOfTurn * this.spread();
    const end = Math.max(eager + 20, ASSUMED_MS.fluxEndOfTurn * this.spread());
    const fire = (ms: number, event: () => void) => this.clock.sleep(ms, signal).then(event, () => undefined);
    void fire(eager, () => this.options.onEvent({ type: "eager_end_of_turn", turn, transcript: words, atMs: this.audioMs }));
    void fire(end, () => {
      this.inTurn = false;
      this.turn++;
      this.options.onEvent({ type: "end_of_turn", turn, transcript: words, atMs: this.audioMs });
    });
  }
}

function fixture(name: string): Int16Array {
  return parseWav(readFileSync(fileURLToPath(new URL(`../test/fixtures/${name}.wav`, import.meta.url)))).samples;
}

/** One caller turn through the real Conversation: ms from the last word to the first reply audio. */
async function voiceToVoice(mode: "whisper" | "flux", audio: Int16Array, seed: number): Promise<number> {
  const clock = new ManualClock();
  let firstAudioAt: number | null = null;
  const conversation = new Conversation({
    provider: new TimedModels(clock, jitter(seed), mode),
    fallbackVoice: BUNDLED_VOICE,
    persona: { name: "Bench", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "default" },
    clock,
    random: () => 0.5,
    trail: { info: () => undefined, error: (record) => console.error(JSON.stringify(record)) },
    emit: (event) => {
      if (event.type === "assistant_audio") firstAudioAt ??= clock.now();
    },
  });
  for (let i = 0; i < audio.length && firstAudioAt === null; i += FRAME) {
    await clock.advanceTo((i / FRAME) * 20);
    conversation.pushAudio(audio.subarray(i, i + FRAME));
  }
  if (firstAudioAt === null) await clock.advanceTo(clock.now() + 10_000);
  conversation.abort();
  if (firstAudioAt === null) throw new Error(`${mode}: no reply audio`);
  return firstAudioAt - SPEECH_END_MS;
}

export default defineBench({
  name: "voice-to-voice",
  async run(ctx) {
    ctx.log(`assumed model latencies (medians, ms; log-normal σ 0.25): ${JSON.stringify(ASSUMED_MS)}`);
    const speech = [fixture("speech-hello"), fixture("speech-hello-noisy")];
    const tail = new Int16Array(16000 * 3);
    const figures: Figure[] = [];
    const results: Record<string, number> = {};
    for (const mode of ["whisper", "flux"] as const) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await voiceToVoice(mode, concatPcm([speech[run % 2]!, tail]), run + 1));
      const s = stats(samples);
      results[mode] = s.p50;
      const label = mode === "flux" ? "Flux streaming + eager end of turn" : "Whisper + VAD + smart-turn";
      ctx.log(`${label}: last word → first reply audio over ${s.n} turns: p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`);
      figures.push(
        { name: `voice to voice, ${label} p50`, value: s.p50, unit: "ms", ...(mode === "flux" ? { target: { kind: "max" as const, value: 700 } } : {}) },
        { name: `voice to voice, ${label} p95`, value: s.p95, unit: "ms" },
      );
    }
    figures.push({ name: "voice to voice p50, Whisper path ÷ Flux path", value: (results.whisper ?? 0) / (results.flux ?? 1), unit: "×" });
    return figures;
  },
});
