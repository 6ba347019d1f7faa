// Recognises MP3 bytes (an ID3v2 tag, or two MPEG audio frames in a row) so that a speech model's MP3
// answer is refused instead of being played as PCM, where it would sound like loud noise. Raw PCM can
// start with bytes that read as one frame header by chance (a first sample of -1 is 0xFF 0xFF), so one
// header is not enough: the next frame must start where the first one's length says. Pure.

/** "ID3 tag" or "MPEG frame sync" when `bytes` start like an MP3 file, else null. */
export function mp3Signature(bytes: Uint8Array): string | null {
  if (bytes.length >= 3 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) return "ID3 tag";
  const length = frameLength(bytes, 0);
  if (length === null) return null;
  // A stream shorter than one frame: the first header alone decides.
  if (bytes.length < length + 4 || frameLength(bytes, length) !== null) return "MPEG frame sync";
  return null;
}

// Bitrates in kbit/s by [MPEG-1 | MPEG-2/2.5][layer I, II, III] (index 0 "free", 15 invalid).
const BITRATES: Record<"v1" | "v2", readonly (readonly number[])[]> = {
  v1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  v2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
};
const MPEG1_RATES = [44100, 48000, 32000];

/** The length in bytes of the MPEG audio frame whose header is at `at`, or null when there is none. */
function frameLength(bytes: Uint8Array, at: number): number | null {
  const b1 = bytes[at] ?? 0;
  const b2 = bytes[at + 1] ?? 0;
  const b3 = bytes[at + 2] ?? 0;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return null;
  const version = (b2 >> 3) & 0x03; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
  const layerBits = (b2 >> 1) & 0x03; // 3 layer I, 2 layer II, 1 layer III, 0 reserved
  const bitrateIndex = (b3 >> 4) & 0x0f;
  const rateIndex = (b3 >> 2) & 0x03;
  // "Free" bitrate (0) has no fixed frame length to check; no speech model sends it.
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const layer = 4 - layerBits; // 1, 2 or 3
  const kbps = BITRATES[mpeg1 ? "v1" : "v2"][layer - 1]![bitrateIndex]!;
  const rate = MPEG1_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b3 >> 1) & 0x01;
  if (layer === 1) return (Math.floor((12 * kbps * 1000) / rate) + padding) * 4;
  const perFrame = layer === 3 && !mpeg1 ? 72 : 144;
  return Math.floor((perFrame * kbps * 1000) / rate) + padding;
}
