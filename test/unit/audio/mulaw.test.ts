// G.711 μ-law against the standard's reconstruction table, built here independently of the codec from
// ITU-T G.711 Table 2a: 8 segments whose 16 levels (in 14-bit units) start at 0, 33, 99, 231, 495,
// 1023, 2079, 4191 with steps 2, 4, 8, …, 256. 16-bit PCM is the 14-bit value × 4.
import * as alawmulaw from "alawmulaw";
import { describe, expect, it } from "vitest";
import { decodeMulaw, decodeMulawSample, encodeMulaw, encodeMulawSample, MULAW_SILENCE } from "../../../worker/audio/mulaw";

const SEGMENT_START_14 = [0, 33, 99, 231, 495, 1023, 2079, 4191];

/** code → 16-bit linear value, per G.711 (positive codes 0xFF..0x80, negative 0x7F..0x00). */
function g711Reference(): Map<number, number> {
  const table = new Map<number, number>();
  for (let seg = 0; seg < 8; seg++) {
    for (let step = 0; step < 16; step++) {
      const value14 = SEGMENT_START_14[seg]! + step * (2 << seg);
      const index = seg * 16 + step;
      table.set(0xff - index, value14 * 4);
      table.set(0x7f - index, 0 - value14 * 4);
    }
  }
  return table;
}

describe("μ-law decode", () => {
  const reference = g711Reference();

  it("matches the G.711 reconstruction value for all 256 codes", () => {
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const pcm = decodeMulaw(codes);
    for (let code = 0; code < 256; code++) expect([code, pcm[code]]).toEqual([code, reference.get(code)]);
  });

  it("gives the familiar landmark values", () => {
    expect(decodeMulawSample(0xff)).toBe(0);
    expect(decodeMulawSample(0x7f)).toBe(0); // "negative zero"
    expect(decodeMulawSample(0x80)).toBe(32124);
    expect(decodeMulawSample(0x00)).toBe(-32124);
    expect(decodeMulawSample(0xfe)).toBe(8);
    expect(decodeMulawSample(0xef)).toBe(132);
    expect(decodeMulawSample(0x8f)).toBe(16764);
    expect(decodeMulawSample(0x0f)).toBe(-16764);
  });

  it("writes into a caller-supplied buffer", () => {
    const out = new Int16Array(4).fill(123);
    expect(decodeMulaw(Uint8Array.of(0xff, 0x80), out)).toBe(out);
    expect(Array.from(out)).toEqual([0, 32124, 123, 123]);
  });
});

describe("μ-law encode", () => {
  it("round-trips every code (0x7F, negative zero, becomes positive zero 0xFF)", () => {
    for (let code = 0; code < 256; code++) {
      const back = encodeMulawSample(decodeMulawSample(code));
      expect([code, back]).toEqual([code, code === 0x7f ? 0xff : code]);
    }
  });

  it("quantizes every 16-bit input to within half a step of the segment", () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    const codes = encodeMulaw(all);
    const back = decodeMulaw(codes);
    for (let i = 0; i < all.length; i++) {
      const x = all[i]!;
      const magnitude = Math.min(Math.abs(x), 32124 + 512);
      const u = ~codes[i]! & 0xff;
      const segment = (u >> 4) & 7;
      const halfStep = (8 << segment) / 2;
      const err = Math.abs(Math.sign(x) * magnitude - back[i]!);
      if (err > halfStep) expect({ x, code: codes[i], decoded: back[i], err }).toEqual({ withinHalfStep: halfStep });
    }
  });

  it("is monotonic: larger input never gives a smaller reconstruction", () => {
    // Every input is checked; the offenders are gathered and asserted once (an expect per input made
    // this test take seconds on a loaded machine).
    const drops: { x: number; y: number; previous: number }[] = [];
    let previous = -Infinity;
    for (let x = -32768; x <= 32767; x++) {
      const y = decodeMulawSample(encodeMulawSample(x));
      if (!(y >= previous)) drops.push({ x, y, previous });
      previous = y;
    }
    expect(drops).toEqual([]);
  });

  it("encodes silence as 0xFF, saturates at the extremes, and follows the sign", () => {
    expect(encodeMulawSample(0)).toBe(MULAW_SILENCE);
    expect(encodeMulawSample(32767)).toBe(0x80);
    expect(encodeMulawSample(-32768)).toBe(0x00);
    expect(encodeMulawSample(-1)).toBe(0x7f);
    expect(encodeMulawSample(1000) & 0x80).toBe(0x80);
    expect(encodeMulawSample(-1000) & 0x80).toBe(0);
  });

  it("the table-driven codec agrees with the alawmulaw package on all 65536 inputs and 256 codes", () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    expect(Array.from(encodeMulaw(all))).toEqual(Array.from(alawmulaw.mulaw.encode(all)));
    const codes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(Array.from(decodeMulaw(codes))).toEqual(Array.from(alawmulaw.mulaw.decode(codes)));
  });
});
