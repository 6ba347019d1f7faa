import { describe, expect, it } from "vitest";
import { PcmFormatError, base64Into, base64IntoBytes, base64Length, base64ToBytes, base64ToPcm16, bytesToBase64, bytesToPcm16, pcm16ToBase64, pcm16ToBytes } from "../../../protocol/pcm16";

/** Independent reference codec: raw bytes ↔ base64 through the platform's btoa/atob. */
const bytesToB64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));
const b64ToBytes = (b64: string) => [...atob(b64)].map((c) => c.charCodeAt(0));

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

  it("round-trips a large buffer (more than one encoding chunk)", () => {
    const samples = new Int16Array(100_000).map((_, i) => (i * 7919) % 65536 - 32768);
    expect(base64ToPcm16(pcm16ToBase64(samples))).toEqual(samples);
  });

  it("rejects data that is not base64 or not whole samples", () => {
    expect(() => base64ToPcm16("not base64!")).toThrow(PcmFormatError);
    expect(() => base64ToPcm16("not base64!!")).toThrow();
    expect(() => base64ToPcm16("AAAAA")).toThrow(PcmFormatError); // a dangling character
    expect(() => base64ToPcm16(Buffer.from([1, 2, 3]).toString("base64"))).toThrow(/even number of bytes/);
    expect(base64ToPcm16("")).toEqual(new Int16Array(0));
  });

  it("handles empty audio and, when asked, drops a dangling odd byte", () => {
    expect(pcm16ToBase64(new Int16Array(0))).toBe("");
    expect(base64ToPcm16("", "drop").length).toBe(0);
    expect([...base64ToPcm16(bytesToB64([0x02, 0x00, 0x7f]), "drop")]).toEqual([2]);
    expect(() => base64ToPcm16("not base64!!", "drop")).toThrow(PcmFormatError);
  });

  it("reads unaligned byte views", () => {
    const bytes = new Uint8Array([9, 0x34, 0x12]).subarray(1);
    expect(Array.from(bytesToPcm16(bytes))).toEqual([0x1234]);
  });

  it("encodes bytes exactly as btoa does, at every length and byte value", () => {
    const bytes = new Uint8Array(300).map((_, i) => (i * 151 + 7) % 256);
    for (let n = 0; n <= bytes.length; n++) {
      const part = bytes.subarray(0, n);
      expect(bytesToBase64(part)).toBe(btoa(String.fromCharCode(...part)));
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(bytesToBase64(all)).toBe(Buffer.from(all).toString("base64"));
  });

  it("writes base64 into a byte buffer at an offset, touching nothing around it, and refuses a buffer too small", () => {
    const bytes = new Uint8Array(50).map((_, i) => (i * 211 + 5) % 256);
    for (let n = 0; n <= bytes.length; n++) {
      const out = new Uint8Array(3 + base64Length(n) + 2).fill(0x21);
      const end = base64Into(bytes.subarray(0, n), out, 3);
      expect(end).toBe(3 + base64Length(n));
      expect(new TextDecoder().decode(out.subarray(3, end))).toBe(btoa(String.fromCharCode(...bytes.subarray(0, n))));
      expect([...out.subarray(0, 3), ...out.subarray(end)]).toEqual([0x21, 0x21, 0x21, 0x21, 0x21]);
    }
    const tight = new Uint8Array(7).fill(0x21);
    expect(() => base64Into(new Uint8Array(4), tight, 0)).toThrow(RangeError);
    expect([...tight]).toEqual(new Array(7).fill(0x21));
  });

  it("encodes a whole sentence's audio past its reused buffer, and each result stays as it was", () => {
    const long = Uint8Array.from({ length: 200_001 }, (_, i) => (i * 7919) % 256);
    const first = bytesToBase64(long.subarray(0, 99_999));
    const whole = bytesToBase64(long);
    const small = bytesToBase64(new Uint8Array([1, 2, 3, 4]));
    expect(whole).toBe(Buffer.from(long).toString("base64"));
    expect(first).toBe(Buffer.from(long.subarray(0, 99_999)).toString("base64"));
    expect(small).toBe("AQIDBA==");
  });

  it("decodes base64 with whitespace in it, ASCII or not, and refuses misplaced padding", () => {
    expect([...base64ToBytes(" AQID\nBA== ")]).toEqual([1, 2, 3, 4]);
    expect([...base64ToBytes("AQID\u00a0BA==")]).toEqual([1, 2, 3, 4]);
    expect([...base64ToBytes("AQIDBA")]).toEqual([1, 2, 3, 4]);
    for (const bad of ["AQI=D", "AQ=", "AQIDB===", "====", "AQ\u00e9D", "A"]) expect(() => base64ToBytes(bad), bad).toThrow(PcmFormatError);
  });

  it("decodes into a buffer exactly as atob does, padded or not, at every length", () => {
    const bytes = new Uint8Array(200).map((_, i) => (i * 97 + 13) % 256);
    const out = new Uint8Array(200).fill(0xaa);
    for (let n = 0; n <= bytes.length; n++) {
      const text = bytesToBase64(bytes.subarray(0, n));
      for (const variant of [text, text.replace(/=+$/, "")]) {
        expect(base64IntoBytes(variant, out), variant).toBe(n);
        expect([...out.subarray(0, n)]).toEqual([...bytes.subarray(0, n)]);
        expect([...out.subarray(0, n)]).toEqual([...atob(variant)].map((c) => c.charCodeAt(0)));
      }
    }
    expect(base64IntoBytes("", out)).toBe(0);
  });

  it("refuses in-buffer what atob refuses, and bytes that do not fit, writing nothing past the buffer", () => {
    const out = new Uint8Array(4);
    for (const bad of ["AQI=D", "AQ=", "AQIDB===", "====", "=AQI", "AQ=I", "AQ\u00e9D", "A", "AQID\nBA==", " AQI", "AQ-_", "AQID\u0100"]) {
      expect(() => atob(bad.replace(/\s/g, "!")), bad).toThrow();
      expect(base64IntoBytes(bad, out), bad).toBe(-1);
    }
    expect(base64IntoBytes("AQIDBAU=", out)).toBe(-1); // 5 bytes into 4
    expect(base64IntoBytes("AQIDBA==", out)).toBe(4);
    expect([...out]).toEqual([1, 2, 3, 4]);
  });

  it("decodes a value where it sits in a larger text (from, to) as it decodes that value alone", () => {
    const out = new Uint8Array(8);
    const alone = new Uint8Array(8);
    for (const value of ["AQIDBA==", "AQIDBA", "AQID", "", "AQI=D", "AQ=", "=AQI", "AQ-_", "A"]) {
      const text = `{"payload":"${value}","x":"=="}`;
      const from = text.indexOf(value, 10);
      out.fill(0xaa);
      alone.fill(0xaa);
      const n = base64IntoBytes(value, alone);
      expect(base64IntoBytes(text, out, from, from + value.length), value).toBe(n);
      expect([...out]).toEqual([...alone]);
    }
  });
});
