import { describe, expect, it } from "vitest";
import { WavFormatError, buildWav, parseWav } from "../../../worker/audio/wav";
import { loadFixture } from "../support/fixtures";

function wavWith(format: { tag: number; channels: number; rate: number; bits: number }, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(44 + data.length);
  const v = new DataView(out.buffer);
  const put = (at: number, s: string) => [...s].forEach((c, i) => v.setUint8(at + i, c.charCodeAt(0)));
  put(0, "RIFF");
  v.setUint32(4, 36 + data.length, true);
  put(8, "WAVE");
  put(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, format.tag, true);
  v.setUint16(22, format.channels, true);
  v.setUint32(24, format.rate, true);
  v.setUint32(28, (format.rate * format.channels * format.bits) / 8, true);
  v.setUint16(32, (format.channels * format.bits) / 8, true);
  v.setUint16(34, format.bits, true);
  put(36, "data");
  v.setUint32(40, data.length, true);
  out.set(data, 44);
  return out;
}

describe("WAV", () => {
  it("builds and parses mono PCM16", () => {
    const samples = Int16Array.from([0, 100, -100, 32767, -32768]);
    const wav = buildWav(samples, 16000);
    expect(wav.length).toBe(44 + 10);
    expect(parseWav(wav)).toEqual({ samples, sampleRate: 16000 });
  });

  it("mixes stereo down to mono", () => {
    const data = new Uint8Array(new Int16Array([1000, 3000, -2000, 0]).buffer);
    expect(Array.from(parseWav(wavWith({ tag: 1, channels: 2, rate: 8000, bits: 16 }, data)).samples)).toEqual([2000, -1000]);
  });

  it("reads 8-bit and 32-bit float data", () => {
    expect(Array.from(parseWav(wavWith({ tag: 1, channels: 1, rate: 8000, bits: 8 }, Uint8Array.from([128, 255, 0]))).samples)).toEqual([0, 32511, -32768]);
    const floats = new Uint8Array(new Float32Array([0.5, -1]).buffer);
    expect(Array.from(parseWav(wavWith({ tag: 3, channels: 1, rate: 8000, bits: 32 }, floats)).samples)).toEqual([16384, -32768]);
  });

  it("rejects what it can't read with a clear error", () => {
    expect(() => parseWav(new Uint8Array(10))).toThrow(WavFormatError);
    expect(() => parseWav(new TextEncoder().encode("RIFF....WAVEjunk"))).toThrow(/no data chunk/);
    expect(() => parseWav(wavWith({ tag: 85, channels: 1, rate: 8000, bits: 16 }, new Uint8Array(4)))).toThrow(/Unsupported WAV encoding/);
  });

  it("reads the espeak fixtures as 16 kHz mono", () => {
    const samples = loadFixture("speech-hello");
    expect(samples.length / 16000).toBeCloseTo(2.8, 1);
  });
});
