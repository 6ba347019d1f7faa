// The phone line's reply audio, framed for Twilio: a sentence goes out in `media` messages of
// REPLY_FRAMES_PER_MESSAGE 20 ms frames (160 μ-law bytes at 8 kHz each; the last message is whole
// frames, padded with μ-law silence). A message's bytes are made when it is sent — 16 kHz speech is
// downsampled and encoded 100 ms at a time — so a long greeting costs the thread many small steps at
// playback pace instead of one long one when the call starts.
import { encodeMulaw, MULAW_SILENCE } from "../audio/mulaw";
import { downsample16to8Range } from "../audio/resample";
import { TWILIO_FRAME_BYTES, TWILIO_SAMPLE_RATE } from "./media-messages";

/** Reply audio per outbound `media` message, in 20 ms frames (100 ms). */
export const REPLY_FRAMES_PER_MESSAGE = 5;

/** A sentence's audio as the reply gives it: 8 kHz is sent as is, 16 kHz is halved on the way out. */
export interface ReplyAudio {
  pcm: Int16Array;
  sampleRate: typeof TWILIO_SAMPLE_RATE | 16000;
}

/** The sentence's length at 8 kHz (an odd last 16 kHz sample is dropped). */
function samples8(audio: ReplyAudio): number {
  return audio.sampleRate === TWILIO_SAMPLE_RATE ? audio.pcm.length : (audio.pcm.length & ~1) >> 1;
}

/** The sentence's length in 20 ms frames (the last one padded). */
export function replyFrames(audio: ReplyAudio): number {
  return Math.ceil(samples8(audio) / TWILIO_FRAME_BYTES);
}

/**
 * The μ-law bytes of `frames` frames of the sentence from frame `firstFrame` on (`frames` × 160), into
 * `codes` when given (the phone line reuses one buffer: the bytes are base64-encoded at once); `pcm8`
 * is scratch space for the 8 kHz samples.
 */
export function replyMulaw(
  audio: ReplyAudio,
  firstFrame: number,
  frames: number,
  codes: Uint8Array = new Uint8Array(frames * TWILIO_FRAME_BYTES),
  pcm8: Int16Array = new Int16Array(frames * TWILIO_FRAME_BYTES),
): Uint8Array {
  const length = frames * TWILIO_FRAME_BYTES;
  const bytes = codes.subarray(0, length).fill(MULAW_SILENCE);
  const first = firstFrame * TWILIO_FRAME_BYTES;
  const count = Math.max(0, Math.min(length, samples8(audio) - first));
  const { pcm, sampleRate } = audio;
  encodeMulaw(sampleRate === TWILIO_SAMPLE_RATE ? pcm.subarray(first, first + count) : downsample16to8Range(pcm, first, pcm8.subarray(0, count)), bytes);
  return bytes;
}
