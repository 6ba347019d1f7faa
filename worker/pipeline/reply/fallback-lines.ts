// The fixed lines the Echo says: the apology, the goodbye and the hello when the AI fails, and the
// lines the call side has said (the recording notice, a keypad confirmation: Conversation.say). They
// must play even when the speech model is what failed, so each comes from, in order: the copy made in
// the Echo's voice earlier (prepare, or the last time that line was said), the provider on demand (under
// a deadline, skipped when speech is what failed), and last the fallback voice the call side gives the
// pipeline (FallbackVoice: the embedded synthesizer, deterministic, no model, no network).
import type { VoiceStyle } from "../../../protocol/echo";
import type { AiProvider, FallbackVoice, PcmAudio } from "../../ai/provider";
import { runStep, type StepContext } from "../core/ai-steps";

export const SPOKEN_LINES = {
  apology: "Sorry, I lost you for a moment. Could you say that again?",
  goodbye: "I'm sorry, I'm having trouble on my end right now. Please call again in a little while. Goodbye.",
  hello: "Hello, I'm here. Go ahead whenever you're ready.",
} as const;
export type LineKind = keyof typeof SPOKEN_LINES;

/** Where a line's audio came from (recorded as a fallback when it is not the Echo's own voice). */
export type LineSource = "prepared" | "provider" | "clip";

/** Lines of the call side kept in the Echo's voice per conversation (a handful: the keypad's answers). */
const MAX_KEPT_LINES = 16;

/** The fallback voice's takes of SPOKEN_LINES, per voice object and voice style (made once per isolate). */
const fallbackTakes = new WeakMap<FallbackVoice, Map<string, PcmAudio>>();

function fallbackTake(fallback: FallbackVoice, text: string, voice: VoiceStyle): PcmAudio {
  let takes = fallbackTakes.get(fallback);
  if (!takes) {
    takes = new Map();
    fallbackTakes.set(fallback, takes);
  }
  const key = `${voice}:${text}`;
  let audio = takes.get(key);
  if (!audio) {
    audio = fallback.synthesize(text, voice);
    takes.set(key, audio);
  }
  return audio;
}

export class SpokenLines {
  private readonly ready = new Map<LineKind, PcmAudio>();
  /** The call side's lines, as the provider said them (text → audio). */
  private readonly kept = new Map<string, PcmAudio>();

  constructor(
    private readonly provider: AiProvider,
    private readonly voice: VoiceStyle,
    private readonly steps: StepContext,
    private readonly fallback: FallbackVoice,
    /** A line the provider could not say in time (`line`: its kind, or "said" for a call-side line). */
    private readonly onFailure: (line: LineKind | "said", err: unknown) => void,
  ) {}

  /** Makes the lines in the Echo's voice now, so they play even if speech fails later. */
  async prepare(kinds: readonly LineKind[], signal?: AbortSignal): Promise<void> {
    for (const kind of kinds) {
      if (this.ready.has(kind)) continue;
      const audio = await this.synthesize(kind, SPOKEN_LINES[kind], this.steps.settings.speechMs, signal);
      if (audio) this.ready.set(kind, audio);
    }
  }

  /** The line's audio, from the best source that answers in time. */
  async audio(kind: LineKind, speechFailed: boolean, signal?: AbortSignal): Promise<{ audio: PcmAudio; source: LineSource }> {
    const prepared = this.ready.get(kind);
    if (prepared) return { audio: prepared, source: "prepared" };
    if (!speechFailed) {
      const audio = await this.synthesize(kind, SPOKEN_LINES[kind], this.steps.settings.lineMs, signal);
      if (audio) {
        this.ready.set(kind, audio);
        return { audio, source: "provider" };
      }
    }
    return { audio: fallbackTake(this.fallback, SPOKEN_LINES[kind], this.voice), source: "clip" };
  }

  /**
   * A fixed sentence of the call side (the recording notice, a keypad prompt): the copy kept from the
   * last time it was said, else the provider under the speech deadline with its retries, else the
   * fallback voice, so a line the caller must hear is never skipped.
   */
  async said(text: string, signal?: AbortSignal): Promise<{ audio: PcmAudio; source: LineSource }> {
    const kept = this.kept.get(text);
    if (kept) return { audio: kept, source: "prepared" };
    const audio = await this.synthesize("said", text, this.steps.settings.speechMs, signal);
    if (audio) {
      if (this.kept.size < MAX_KEPT_LINES) this.kept.set(text, audio);
      return { audio, source: "provider" };
    }
    return { audio: this.fallback.synthesize(text, this.voice), source: "clip" };
  }

  private async synthesize(line: LineKind | "said", text: string, deadlineMs: number, signal?: AbortSignal): Promise<PcmAudio | null> {
    try {
      return await synthesizeInTime(this.provider, text, this.voice, this.steps, deadlineMs, signal);
    } catch (err) {
      if (!signal?.aborted) this.onFailure(line, err);
      return null;
    }
  }
}

/** A fixed sentence from the provider under `deadlineMs`, with the step's retries; no audio is a failure. */
async function synthesizeInTime(provider: AiProvider, text: string, voice: VoiceStyle, steps: StepContext, deadlineMs: number, signal?: AbortSignal): Promise<PcmAudio> {
  const { value } = await runStep(steps, { stage: "speech", deadlineMs, ...(signal ? { signal } : {}) }, (s) => provider.synthesize(text, voice, s));
  if (value.samples.length === 0) throw new Error("the speech model returned no audio");
  return value;
}
