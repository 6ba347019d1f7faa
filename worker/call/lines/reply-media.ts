// The phone line's reply audio, framed for Twilio: a sentence becomes `media` messages of
// REPLY_FRAMES_PER_MESSAGE 20 ms frames (160 μ-law bytes at 8 kHz each; the last message is whole
// frames, padded with μ-law silence). A message's bytes are made when it is sent — 16 kHz speech is
// downsampled and encoded 100 ms at a time — so a long greeting costs the thread many small steps at
// playback pace instead of one long one when the call starts.
import { encodeMulaw, MULAW_SILENCE } from "../../audio/mulaw";
import { downsample16to8Range } from "../../audio/resample";
import { TWILIO_FRAME_BYTES, TWILIO_SAMPLE_RATE } from "../../twilio/media-messages";

/** Reply audio per outbound `media` message, in 20 ms frames (100 ms). */
export const REPLY_FRAMES_PER_MESSAGE = 5;

/** A sentence's audio as the reply gives it: 8 kHz is sent as is, 16 kHz is halved on the way out. */
export interface ReplyAudio {
  pcm: Int16Array;
  sampleRate: typeof TWILIO_SAMPLE_RATE | 16000;
}

/** One outbound message: `frames` frames of `audio` from frame `firstFrame` on. */
export interface ReplyMessage {
  audio: ReplyAudio;
  firstFrame: number;
  frames: number;
}

/** The sentence's length at 8 kHz (an odd last 16 kHz sample is dropped). */
function samples8(audio: ReplyAudio): number {
  return audio.sampleRate === TWILIO_SAMPLE_RATE ? audio.pcm.length : (audio.pcm.length & ~1) >> 1;
}

/** The sentence's messages, in order: whole ones of `framesPerMessage` frames, then what is left. */
export function replyMedia(audio: ReplyAudio, framesPerMessage = REPLY_FRAMES_PER_MESSAGE): ReplyMessage[] {
  const frames = Math.ceil(samples8(audio) / TWILIO_FRAME_BYTES);
  const out: ReplyMessage[] = [];
  for (let first = 0; first < frames; first += framesPerMessage) out.push({ audio, firstFrame: first, frames: Math.min(framesPerMessage, frames - first) });
  return out;
}

/**
 * A message's μ-law bytes (`frames` × 160), into `codes` when given (the phone line reuses one buffer:
 * the bytes are base64-encoded at once); `pcm8` is scratch space for the 8 kHz samples.
 */
export function replyMulaw(
  message: ReplyMessage,
  codes: Uint8Array = new Uint8Array(message.frames * TWILIO_FRAME_BYTES),
  pcm8: Int16Array = new Int16Array(message.frames * TWILIO_FRAME_BYTES),
): Uint8Array {
  const length = message.frames * TWILIO_FRAME_BYTES;
  const bytes = codes.subarray(0, length).fill(MULAW_SILENCE);
  const first = message.firstFrame * TWILIO_FRAME_BYTES;
  const count = Math.max(0, Math.min(length, samples8(message.audio) - first));
  const { pcm, sampleRate } = message.audio;
  encodeMulaw(sampleRate === TWILIO_SAMPLE_RATE ? pcm.subarray(first, first + count) : downsample16to8Range(pcm, first, pcm8.subarray(0, count)), bytes);
  return bytes;
}
