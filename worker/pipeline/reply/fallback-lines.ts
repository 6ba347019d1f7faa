// The few lines the Echo says when the AI fails: the apology, the goodbye, and the hello when the
// greeting itself failed. They must play even when the speech model is what failed, so each comes from,
// in order: the copy made in the Echo's voice when the call started (prepare), the provider on demand
// (under a short deadline, skipped when speech is what failed), and last the bundled voice — the
// embedded formant synthesizer (worker/ai/offline/synth.ts), deterministic, no model, no network.
import type { VoiceStyle } from "../../../protocol/echo";
import { SYNTH_SAMPLE_RATE, synthesizeSpeech } from "../../ai/offline/synth";
import type { AiProvider, PcmAudio } from "../../ai/provider";
import { runStep, type StepContext } from "../core/ai-steps";

export const SPOKEN_LINES = {
  apology: "Sorry, I lost you for a moment. Could you say that again?",
  goodbye: "I'm sorry, I'm having trouble on my end right now. Please call again in a little while. Goodbye.",
  hello: "Hello, I'm here. Go ahead whenever you're ready.",
} as const;
export type LineKind = keyof typeof SPOKEN_LINES;

/** Where a line's audio came from (recorded as a fallback when it is not the Echo's own voice). */
export type LineSource = "prepared" | "provider" | "clip";

const bundled = new Map<string, Int16Array>();

/** The bundled voice's take of a line (made once per isolate and voice). */
export function bundledLine(kind: LineKind, voice: VoiceStyle): PcmAudio {
  const key = `${kind}:${voice}`;
  let samples = bundled.get(key);
  if (!samples) {
    samples = synthesizeSpeech(SPOKEN_LINES[kind], voice);
    bundled.set(key, samples);
  }
  return { samples, sampleRate: SYNTH_SAMPLE_RATE };
}

/** Any fixed text in the bundled voice (the safety message when the Echo's voice fails: it is never skipped). */
export function bundledSpeech(text: string, voice: VoiceStyle): PcmAudio {
  return { samples: synthesizeSpeech(text, voice), sampleRate: SYNTH_SAMPLE_RATE };
}

/**
 * A fixed prompt's audio (the recording notice, the keypad prompts): the provider under the speech
 * deadline, with its retries, else the bundled voice, so a prompt the caller must hear is never skipped.
 */
export async function promptAudio(provider: AiProvider, text: string, voice: VoiceStyle, steps: StepContext): Promise<{ audio: PcmAudio; failure: unknown }> {
  try {
    return { audio: await synthesizeInTime(provider, text, voice, steps, steps.settings.speechMs), failure: null };
  } catch (err) {
    return { audio: bundledSpeech(text, voice), failure: err };
  }
}

export class SpokenLines {
  private readonly ready = new Map<LineKind, PcmAudio>();

  constructor(
    private readonly provider: AiProvider,
    private readonly voice: VoiceStyle,
    private readonly steps: StepContext,
    private readonly onFailure: (kind: LineKind, err: unknown) => void,
  ) {}

  /** Makes the lines in the Echo's voice now, so they play even if speech fails later. */
  async prepare(kinds: readonly LineKind[], signal?: AbortSignal): Promise<void> {
    for (const kind of kinds) {
      if (this.ready.has(kind)) continue;
      const audio = await this.synthesize(kind, this.steps.settings.speechMs, signal);
      if (audio) this.ready.set(kind, audio);
    }
  }

  /** The line's audio, from the best source that answers in time. */
  async audio(kind: LineKind, speechFailed: boolean, signal?: AbortSignal): Promise<{ audio: PcmAudio; source: LineSource }> {
    const prepared = this.ready.get(kind);
    if (prepared) return { audio: prepared, source: "prepared" };
    if (!speechFailed) {
      const audio = await this.synthesize(kind, this.steps.settings.lineMs, signal);
      if (audio) {
        this.ready.set(kind, audio);
        return { audio, source: "provider" };
      }
    }
    return { audio: bundledLine(kind, this.voice), source: "clip" };
  }

  private async synthesize(kind: LineKind, deadlineMs: number, signal?: AbortSignal): Promise<PcmAudio | null> {
    try {
      return await synthesizeInTime(this.provider, SPOKEN_LINES[kind], this.voice, this.steps, deadlineMs, signal);
    } catch (err) {
      if (!signal?.aborted) this.onFailure(kind, err);
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
