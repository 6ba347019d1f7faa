// RIFF/WAVE codec: parse (PCM 8/16/24/32-bit integer and 32-bit float, any channel count, mixed down to
// mono PCM16) and build (mono PCM16). Used for fixtures and for Whisper's input. Pure functions.
import { bytesToPcm16, pcm16ToBytes } from "../../protocol/pcm16";

export class WavFormatError extends Error {}

export interface WavAudio {
  samples: Int16Array;
  sampleRate: number;
}

function ascii(view: DataView, at: number): string {
  return String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
}

export function parseWav(input: Uint8Array | ArrayBuffer): WavAudio {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || ascii(view, 0) !== "RIFF" || ascii(view, 8) !== "WAVE") {
    throw new WavFormatError("Not a WAV file (missing RIFF/WAVE header).");
  }
  let format: { tag: number; channels: number; sampleRate: number; bits: number } | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(view, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt ") {
      if (size < 16) throw new WavFormatError("WAV fmt chunk is too short.");
      let tag = view.getUint16(body, true);
      if (tag === 0xfffe && size >= 26) tag = view.getUint16(body + 24, true); // WAVE_FORMAT_EXTENSIBLE
      format = {
        tag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === "data") {
      if (!format) throw new WavFormatError("WAV data chunk comes before its fmt chunk.");
      // Streaming writers (sox to a pipe, espeak to stdout) may leave the size as 0 or 0xffffffff.
      const end = size === 0 || body + size > bytes.length ? bytes.length : body + size;
      return { samples: decode(bytes.subarray(body, end), format), sampleRate: format.sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new WavFormatError("WAV file has no data chunk.");
}

function decode(data: Uint8Array, f: { tag: number; channels: number; bits: number }): Int16Array {
  if (f.channels < 1) throw new WavFormatError("WAV file has no channels.");
  const isFloat = f.tag === 3;
  if (!(f.tag === 1 || isFloat)) throw new WavFormatError(`Unsupported WAV encoding (format tag ${f.tag}).`);
  if (isFloat && f.bits !== 32) throw new WavFormatError(`Unsupported float WAV (${f.bits} bits).`);
  if (!isFloat && ![8, 16, 24, 32].includes(f.bits)) throw new WavFormatError(`Unsupported WAV bit depth ${f.bits}.`);
  if (!isFloat && f.bits === 16 && f.channels === 1) return bytesToPcm16(data.subarray(0, data.length - (data.length % 2)));
  const width = f.bits / 8;
  const frameBytes = width * f.channels;
  const frames = Math.floor(data.length / frameBytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < f.channels; c++) {
      const p = i * frameBytes + c * width;
      let v: number;
      if (isFloat) v = view.getFloat32(p, true);
      else if (f.bits === 8) v = (view.getUint8(p) - 128) / 128;
      else if (f.bits === 16) v = view.getInt16(p, true) / 32768;
      else if (f.bits === 24) v = ((view.getUint8(p) | (view.getUint8(p + 1) << 8) | (view.getInt8(p + 2) << 16)) / 8388608);
      else v = view.getInt32(p, true) / 2147483648;
      sum += v;
    }
    const mono = Math.max(-1, Math.min(1, sum / f.channels));
    out[i] = mono < 0 ? Math.round(mono * 32768) : Math.round(mono * 32767);
  }
  return out;
}

/** The 44-byte header of a mono PCM16 WAV file whose data is `dataBytes` long (the data follows it). */
export function buildWavHeader(dataBytes: number, sampleRate: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(44);
  const view = new DataView(out.buffer);
  const put = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  put(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  put(8, "WAVE");
  put(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  put(36, "data");
  view.setUint32(40, dataBytes, true);
  return out;
}

/** Mono PCM16 → a complete WAV file. */
export function buildWav(samples: Int16Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const data = pcm16ToBytes(samples);
  const out = new Uint8Array(44 + data.length);
  out.set(buildWavHeader(data.length, sampleRate), 0);
  out.set(data, 44);
  return out;
}
