// The phone line's reply framing: 100 ms messages of 160-byte μ-law frames, the last one whole frames
// padded with μ-law silence, each message's bytes made on its own — and, joined, exactly the bytes of
// the whole sentence downsampled and encoded at once.
import { describe, expect, it } from "vitest";
import { rng } from "../../../scripts/seed/prng";
import { decodeMulaw, encodeMulaw, MULAW_SILENCE } from "../../../worker/audio/mulaw";
import { downsample16to8 } from "../../../worker/audio/resample";
import { REPLY_FRAMES_PER_MESSAGE, type ReplyAudio, replyFrames, replyMulaw } from "../../../worker/twilio/reply-media";

/** The sentence cut into messages of `perMessage` frames, as the phone line's outbox cuts it: [first frame, frames]. */
function messages(audio: ReplyAudio, perMessage = REPLY_FRAMES_PER_MESSAGE): [number, number][] {
  const frames = replyFrames(audio);
  const out: [number, number][] = [];
  for (let first = 0; first < frames; first += perMessage) out.push([first, Math.min(perMessage, frames - first)]);
  return out;
}
const joined = (pcm: Int16Array, sampleRate: 8000 | 16000, perMessage?: number) =>
  messages({ pcm, sampleRate }, perMessage).flatMap(([first, frames]) => [...replyMulaw({ pcm, sampleRate }, first, frames)]);

/** The whole sentence at once, padded to whole frames: what the messages must add up to. */
function atOnce(pcm8: Int16Array): number[] {
  const codes = new Uint8Array(Math.ceil(pcm8.length / 160) * 160).fill(MULAW_SILENCE);
  return [...encodeMulaw(pcm8, codes)];
}

const noise = (n: number, seed = 1) => {
  const next = rng(seed);
  return Int16Array.from({ length: n }, () => Math.floor(next() * 60000) - 30000);
};

describe("reply media", () => {
  it("packs 8 kHz audio into 100 ms messages of 160-byte μ-law frames, the last one whole frames padded with μ-law silence", () => {
    expect(REPLY_FRAMES_PER_MESSAGE).toBe(5);
    const short: ReplyAudio = { pcm: Int16Array.from({ length: 401 }, () => 1000), sampleRate: 8000 };
    expect(replyFrames(short)).toBe(3);
    const last = replyMulaw(short, 0, 3);
    expect(last.length).toBe(480);
    expect(Array.from(decodeMulaw(last.subarray(401)))).toEqual(new Array(79).fill(0));
    expect(decodeMulaw(last.subarray(0, 401)).every((v) => Math.abs(v - 1000) < 40)).toBe(true);
    // 1.3 s: 65 frames → 13 messages of 5; 1.3 s + 1 sample: a 14th message of one padded frame.
    const pcm = Int16Array.from({ length: 10_401 }, (_, i) => Math.round(5000 * Math.sin(i / 7)));
    expect(replyFrames({ pcm: pcm.subarray(0, 10_400), sampleRate: 8000 })).toBe(65);
    expect(replyFrames({ pcm, sampleRate: 8000 })).toBe(66);
    expect(replyFrames({ pcm: pcm.subarray(0, 641), sampleRate: 16000 })).toBe(2); // 320 samples at 8 kHz
    expect(replyFrames({ pcm: pcm.subarray(0, 642), sampleRate: 16000 })).toBe(3);
    // Same bytes as one frame per message, and as the sentence encoded at once.
    expect(joined(pcm, 8000)).toEqual(joined(pcm, 8000, 1));
    expect(joined(pcm, 8000)).toEqual(atOnce(pcm));
    expect(joined(pcm, 8000)).toHaveLength(66 * 160);
  });

  it("halves 16 kHz speech message by message into the same bytes as the whole sentence downsampled at once", () => {
    for (const length of [0, 1, 2, 47, 320, 321, 1600, 3199, 3200, 3201, 16_000, 16_046]) {
      const pcm = noise(length, length + 1);
      expect(joined(pcm, 16000), `${length} samples`).toEqual(atOnce(downsample16to8(pcm)));
      expect(joined(pcm, 16000, 1), `${length} samples, a frame a message`).toEqual(atOnce(downsample16to8(pcm)));
    }
  });

  it("reuses the buffers it is given, and never writes past the message", () => {
    const pcm = noise(3200 * 2 + 100);
    const codes = new Uint8Array(REPLY_FRAMES_PER_MESSAGE * 160 + 7).fill(1);
    const scratch = new Int16Array(REPLY_FRAMES_PER_MESSAGE * 160);
    const audio: ReplyAudio = { pcm, sampleRate: 16000 };
    const bytes = messages(audio).map(([first, frames]) => [...replyMulaw(audio, first, frames, codes, scratch)]);
    expect(bytes.flat()).toEqual(atOnce(downsample16to8(pcm)));
    expect([...codes.subarray(REPLY_FRAMES_PER_MESSAGE * 160)]).toEqual(new Array(7).fill(1));
  });
});
