// Hearing a caller turn: its words (speech-to-text under its deadline, with retries) and its emotions
// (the words' scores under their deadline, blended with the voice read against the caller's own
// baseline, voice-baseline.ts; the entry records which of the two it came from). A failed transcription
// keeps the turn (as "[speech, 1.8 s]") and marks the report failed, so the conversation apologises; an
// empty transcript does the same without counting toward ending the call; failed emotion scoring falls
// back to prosody alone, logged, never shown to the caller.
import type { EmotionScores, EmotionSource } from "../../../protocol/call-messages";
import type { AiProvider, PcmAudio, TranscriptionStream } from "../../ai/provider";
import { blendEmotions, prosodyFromFrames } from "./prosody";
import { voiceSample, type VoiceBaseline, type VoiceReading } from "./voice-baseline";
import type { FrameTrack } from "../turns/frame-track";
import { failure, runStep, StepFailure, type StepContext } from "../core/ai-steps";
import { logFailure, type TrailContext, type TurnReport } from "../core/trail";

export interface HearingDeps {
  provider: AiProvider;
  steps: StepContext;
  /** The conversation's lifetime: aborted, every step stops. */
  signal: AbortSignal;
  trail: TrailContext;
  /** The turn's number, for the log. */
  turnIndex: () => number;
  /** This caller's voice so far in the call (each heard turn is read against it, then added). */
  voice: VoiceBaseline;
}

/** A turn's emotions, where they came from, and how its voice read against the caller's baseline. */
export interface HeardEmotions {
  emotions: EmotionScores;
  /** Absent when there was neither words nor voice to read (the scores are then all calm). */
  source?: EmotionSource;
  voice: VoiceReading | null;
}

/**
 * The words of a spoken turn, or null when the conversation was aborted meanwhile. `stream` is the
 * provider's incremental transcription, fed while the caller spoke: its first attempt finishes it
 * (under the same deadline); a retry transcribes the whole turn's audio.
 */
export async function transcribeTurn(deps: HearingDeps, audio: PcmAudio, speechMs: number, report: TurnReport, stream?: TranscriptionStream): Promise<{ text: string; recognized: boolean }> {
  const { steps, provider, signal } = deps;
  const startedAt = steps.clock.now();
  let pending = stream;
  let text = "";
  let recognized = false;
  try {
    const { value: transcript } = await runStep(
      steps,
      { stage: "transcribe", deadlineMs: steps.settings.transcribeMs, signal, onRetry: () => report.retry("transcribe") },
      (s) => {
        const fed = pending;
        pending = undefined;
        return fed ? fed.finish(s) : provider.transcribe(audio, s);
      },
    );
    text = transcript.text.trim();
    recognized = transcript.recognized && text.length > 0;
    // A recogniser that heard no words in a turn the VAD took for speech: ask the caller again
    // (not a model failure: it does not count toward ending the call).
    if (!text && transcript.recognized) report.fail(new StepFailure("transcribe", "Speech-to-text heard no words", 0, false, "empty", undefined), false);
  } catch (err) {
    pending?.cancel();
    // The call is gone (abort): the turn keeps its line, as unrecognised speech, without an answer.
    if (signal.aborted) return { text: describeSpeech(speechMs), recognized: false };
    report.fail(failure("transcribe", err, 0));
  }
  report.stageMs.transcribeMs = steps.clock.now() - startedAt;
  return { text: text || describeSpeech(speechMs), recognized };
}

/**
 * The turn's emotions: the voice (the VAD's frames, read against the caller's baseline, then added to
 * it) blended with the words' scores when there are words; the voice's share grows with the baseline.
 * `scored`: the words' scores made already (an eager reply's); null or absent → scored here.
 */
export async function callerEmotions(
  deps: HearingDeps,
  frames: FrameTrack,
  text: string,
  recognized: boolean,
  report: TurnReport,
  scored?: Promise<EmotionScores | null>,
): Promise<HeardEmotions> {
  const { steps, provider, signal } = deps;
  const voice = frames.length > 0 ? deps.voice.hear(voiceSample(prosodyFromFrames(frames))) : null;
  let words: EmotionScores | null = null;
  const ready = scored ? await scored : null;
  if (recognized && ready) words = ready;
  else if (recognized) {
    const startedAt = steps.clock.now();
    try {
      const { value } = await runStep(
        steps,
        { stage: "emotions", deadlineMs: steps.settings.emotionsMs, signal, onRetry: () => report.retry("emotions") },
        (s) => provider.textEmotions(text, s),
      );
      words = value;
    } catch (err) {
      report.fallback("emotions:prosody");
      if (!signal.aborted) logFailure(deps.trail, deps.turnIndex(), "emotions", err, { fallback: "prosody alone scores the turn" });
    }
    report.stageMs.emotionsMs = steps.clock.now() - startedAt;
  }
  return blendHeard(words, voice);
}

/** The words' scores and the voice's reading, blended: the voice weighs `voice.weight` beside words, all without them. */
export function blendHeard(words: EmotionScores | null, voice: VoiceReading | null): HeardEmotions {
  if (words && voice && voice.weight > 0) {
    const emotions = blendEmotions([
      { scores: words, weight: 1 - voice.weight },
      { scores: voice.emotions, weight: voice.weight },
    ]);
    return { emotions, source: "words_and_voice", voice };
  }
  if (words) return { emotions: blendEmotions([{ scores: words, weight: 1 }]), source: "words", voice };
  if (voice) return { emotions: blendEmotions([{ scores: voice.emotions, weight: 1 }]), source: "voice", voice };
  return { emotions: blendEmotions([]), voice: null };
}

/** An eager reply's emotions (made before the turn is over: the words alone), as callerEmotions makes them from `wordScores`. */
export function wordEmotions(wordScores: EmotionScores | null): EmotionScores {
  return blendHeard(wordScores, null).emotions;
}

/** "[speech, 1.8 s]": how unrecognised speech is shown. */
export function describeSpeech(speechMs: number): string {
  return `[speech, ${(speechMs / 1000).toFixed(1)} s]`;
}
