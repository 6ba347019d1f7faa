// The bytes of POST /v1/audio/speech → 16 kHz PCM. WAV (any rate, resampled) or raw 16-bit PCM at the
// configured rate. MP3 (the API's default format, which a Worker can't decode) and anything else are
// refused with a message saying what arrived. Pure function.
import { bytesToPcm16 } from "../../../protocol/pcm16";
import { mp3Signature } from "../../audio/mp3-signature";
import { resampleClip } from "../../audio/resample-rate";
import { parseWav } from "../../audio/wav";
import type { PcmAudio } from "../provider";

export const PIPELINE_RATE = 16000;

export class SpeechAudioError extends Error {}

function isWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" && String.fromCharCode(...bytes.subarray(8, 12)) === "WAVE";
}

export function decodeSpeechAudio(bytes: Uint8Array, format: "wav" | "pcm", pcmSampleRate: number, contentType: string | null): PcmAudio {
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("audio/mpeg") || type.includes("audio/mp3") || mp3Signature(bytes) !== null) {
    throw new SpeechAudioError(`the server sent MP3 audio, which a Worker can't decode; it must honour response_format "${format}" (OPENAI_SPEECH_FORMAT: wav or pcm)`);
  }
  let samples: Int16Array;
  let rate: number;
  if (isWav(bytes)) {
    const wav = parseWav(bytes);
    samples = wav.samples;
    rate = wav.sampleRate;
  } else if (format === "pcm") {
    samples = bytesToPcm16(bytes.subarray(0, bytes.length - (bytes.length % 2)));
    rate = pcmSampleRate;
  } else {
    const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, "0")).join(" ");
    throw new SpeechAudioError(`the server sent ${type || "audio"} that is not WAV (first bytes ${head || "none"})`);
  }
  if (samples.length === 0) throw new SpeechAudioError("the server sent no audio");
  return { samples: resampleClip(samples, rate, PIPELINE_RATE), sampleRate: PIPELINE_RATE };
}
