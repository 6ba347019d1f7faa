import { describe, expect, it } from "vitest";
import { base64ToPcm16, floatToPcm16, pcm16ToBase64, pcm16ToFloat, rmsLevel } from "../../web/audio/pcm";

/** Independent reference codec: raw bytes ↔ base64 through the platform's btoa/atob. */
const bytesToB64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));
const b64ToBytes = (b64: string) => [...atob(b64)].map((c) => c.charCodeAt(0));

describe("floatToPcm16", () => {
  it("maps full scale to the int16 limits and zero to zero", () => {
    expect([...floatToPcm16(new Float32Array([0, 1, -1, 0.5, -0.5]))]).toEqual([0, 32767, -32768, 16384, -16384]);
  });

  it("clamps out-of-range samples and turns NaN into silence", () => {
    expect([...floatToPcm16(new Float32Array([2, -3, Number.NaN, Infinity, -Infinity]))]).toEqual([32767, -32768, 0, 32767, -32768]);
  });

  it("survives a round trip through float within one step", () => {
    const pcm = new Int16Array([-32768, -12345, -1, 0, 1, 12345, 32767]);
    const back = floatToPcm16(pcm16ToFloat(pcm));
    pcm.forEach((v, i) => expect(Math.abs((back[i] ?? 0) - v)).toBeLessThanOrEqual(1));
  });
});

describe("PCM16 ↔ base64", () => {
  it("encodes little-endian bytes", () => {
    // 1 → 01 00, -2 → FE FF, 0x1234 → 34 12
    const b64 = pcm16ToBase64(new Int16Array([1, -2, 0x1234]));
    expect(b64ToBytes(b64)).toEqual([0x01, 0x00, 0xfe, 0xff, 0x34, 0x12]);
  });

  it("decodes what another encoder wrote", () => {
    // -32768 → 00 80, 32767 → FF 7F, -300 → D4 FE
    expect([...base64ToPcm16(bytesToB64([0x00, 0x80, 0xff, 0x7f, 0xd4, 0xfe]))]).toEqual([-32768, 32767, -300]);
  });

  it("round-trips a 4096-sample capture buffer exactly", () => {
    const pcm = new Int16Array(4096);
    for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(Math.sin(i / 7) * 30000) - (i % 3);
    const b64 = pcm16ToBase64(pcm);
    expect(b64.length).toBe(Math.ceil((4096 * 2) / 3) * 4);
    expect(base64ToPcm16(b64)).toEqual(pcm);
  });

  it("handles empty audio and drops a dangling odd byte", () => {
    expect(pcm16ToBase64(new Int16Array(0))).toBe("");
    expect(base64ToPcm16("").length).toBe(0);
    expect([...base64ToPcm16(bytesToB64([0x02, 0x00, 0x7f]))]).toEqual([2]);
  });

  it("rejects text that is not base64", () => {
    expect(() => base64ToPcm16("not base64!!")).toThrow();
  });
});

describe("rmsLevel", () => {
  it("is 0 for silence and empty input, 1 for a full-scale square wave", () => {
    expect(rmsLevel(new Float32Array(128))).toBe(0);
    expect(rmsLevel(new Float32Array(0))).toBe(0);
    expect(rmsLevel(new Float32Array([1, -1, 1, -1]))).toBe(1);
  });

  it("gives a sine wave its RMS of amplitude/√2", () => {
    const s = new Float32Array(1600);
    for (let i = 0; i < s.length; i++) s[i] = 0.5 * Math.sin((2 * Math.PI * i) / 16);
    expect(rmsLevel(s)).toBeCloseTo(0.5 / Math.SQRT2, 4);
  });
});
