// Recognises MP3 bytes (an ID3v2 tag, or an MPEG audio frame sync) so they are refused instead of being
// played as PCM — they would sound like loud noise. Pure.

/** "ID3 tag" or "MPEG frame sync" when `bytes` start like an MP3 file, else null. */
export function mp3Signature(bytes: Uint8Array): string | null {
  if (bytes.length >= 3 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) return "ID3 tag";
  if (bytes.length >= 4 && isFrameHeader(bytes, 0) && followsWithFrame(bytes)) return "MPEG frame sync";
  return null;
}

/** An MPEG audio frame header at `at`: 11 sync bits, a valid version, layer, bitrate and sample rate. */
function isFrameHeader(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at] ?? 0;
  const b2 = bytes[at + 1] ?? 0;
  const b3 = bytes[at + 2] ?? 0;
  if (b1 !== 0xff || (b2 & 0xe0) !== 0xe0) return false;
  const version = (b2 >> 3) & 0x03; // 01 is reserved
  const layer = (b2 >> 1) & 0x03; // 00 is reserved
  const bitrate = (b3 >> 4) & 0x0f; // 1111 is invalid
  const rate = (b3 >> 2) & 0x03; // 11 is reserved
  return version !== 1 && layer !== 0 && bitrate !== 0x0f && rate !== 3;
}

/**
 * PCM can start with 0xFF 0xE? by chance (a sample of about -7937…-4097 little-endian … rarely both
 * checks pass). A real MP3 stream has a second frame header one frame length later (MPEG-1/2 layer III);
 * when the stream is shorter than one frame, the first header alone decides.
 */
function followsWithFrame(bytes: Uint8Array): boolean {
  const b2 = bytes[1] ?? 0;
  const b3 = bytes[2] ?? 0;
  const mpeg1 = ((b2 >> 3) & 0x03) === 3;
  const layer3 = ((b2 >> 1) & 0x03) === 1;
  if (!layer3) return true;
  const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const RATES_V1 = [44100, 48000, 32000];
  const version = (b2 >> 3) & 0x03;
  const rates = mpeg1 ? RATES_V1 : RATES_V1.map((r) => (version === 2 ? r / 2 : r / 4));
  const kbps = (mpeg1 ? BITRATES_V1 : BITRATES_V2)[(b3 >> 4) & 0x0f] ?? 0;
  const rate = rates[(b3 >> 2) & 0x03] ?? 44100;
  if (kbps === 0) return true; // "free" bitrate: no fixed frame length to check
  const padding = (b3 >> 1) & 0x01;
  const length = Math.floor(((mpeg1 ? 144 : 72) * kbps * 1000) / rate) + padding;
  if (bytes.length < length + 2) return true;
  return isFrameHeader(bytes, length);
}
