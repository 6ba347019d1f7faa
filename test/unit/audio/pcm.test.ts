import { describe, expect, it } from "vitest";
import {
  PcmFormatError,
  base64ToPcm16,
  bytesToPcm16,
  concatPcm,
  dbfs,
  float32ToPcm16,
  pcm16ToBase64,
  pcm16ToBytes,
  pcm16ToFloat32,
  splitFrames,
} from "../../../worker/audio/pcm";

describe("PCM16 ⇄ base64", () => {
  it("round-trips samples including the extremes", () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 12345, -2222]);
    const b64 = pcm16ToBase64(samples);
    expect(base64ToPcm16(b64)).toEqual(samples);
  });

  it("is little-endian, like the browser's Int16Array buffer", () => {
    expect(Array.from(pcm16ToBytes(Int16Array.from([0x0102, -2])))).toEqual([0x02, 0x01, 0xfe, 0xff]);
    expect(pcm16ToBase64(Int16Array.from([1]))).toBe(Buffer.from([1, 0]).toString("base64"));
  });

  it("round-trips a large buffer (more than one encoding chunk)", () => {
    const samples = new Int16Array(100_000).map((_, i) => (i * 7919) % 65536 - 32768);
    expect(base64ToPcm16(pcm16ToBase64(samples))).toEqual(samples);
  });

  it("rejects data that is not base64 or not whole samples", () => {
    expect(() => base64ToPcm16("not base64!")).toThrow(PcmFormatError);
    expect(() => base64ToPcm16("AAAAA")).toThrow(PcmFormatError); // a dangling character
    expect(() => base64ToPcm16(Buffer.from([1, 2, 3]).toString("base64"))).toThrow(/even number of bytes/);
    expect(base64ToPcm16("")).toEqual(new Int16Array(0));
  });

  it("reads unaligned byte views", () => {
    const bytes = new Uint8Array([9, 0x34, 0x12]).subarray(1);
    expect(Array.from(bytesToPcm16(bytes))).toEqual([0x1234]);
  });
});

describe("float conversions and framing", () => {
  it("converts to floats and back with clipping", () => {
    const f = pcm16ToFloat32(Int16Array.from([-32768, 0, 16384]));
    expect(Array.from(f)).toEqual([-1, 0, 0.5]);
    expect(Array.from(float32ToPcm16([-2, -1, 0, 0.5, 1, 3]))).toEqual([-32768, -32768, 0, 16384, 32767, 32767]);
  });

  it("concatenates and frames", () => {
    const all = concatPcm([Int16Array.from([1, 2]), new Int16Array(0), Int16Array.from([3])]);
    expect(Array.from(all)).toEqual([1, 2, 3]);
    expect(splitFrames(Int16Array.from([1, 2, 3, 4, 5]), 2).map((f) => Array.from(f))).toEqual([[1, 2], [3, 4], [5]]);
    expect(() => splitFrames(all, 0)).toThrow(RangeError);
  });

  it("measures level in dBFS", () => {
    expect(dbfs(new Int16Array(320))).toBe(-100);
    const full = new Int16Array(320).fill(32767);
    expect(dbfs(full)).toBeCloseTo(0, 1);
    expect(dbfs(new Int16Array(320).fill(3277))).toBeCloseTo(-20, 0);
  });
});
