import { describe, expect, it } from "vitest";
import { AiStepError } from "../../../worker/ai/errors";
import { bindingStepError, classifyBindingError } from "../../../worker/ai/workers-ai/binding-errors";
import { mp3Signature } from "../../../worker/audio/mp3-signature";

describe("Workers AI binding errors → AiStepError", () => {
  it("retries capacity, timeouts, 5xx, 429 and network failures", () => {
    expect(classifyBindingError(new Error("AiError: 3040: No more data centers to forward the request to"))).toEqual({ code: 3040, status: 429, transient: true });
    expect(classifyBindingError(new Error("AiError: 3007: Request timeout"))).toEqual({ code: 3007, status: 408, transient: true });
    expect(classifyBindingError(new Error("AiError: 3043: Internal server error"))).toEqual({ code: 3043, status: 500, transient: true });
    expect(classifyBindingError(new Error("InferenceUpstreamError: upstream answered HTTP 502"))).toMatchObject({ status: 502, transient: true });
    expect(classifyBindingError(new Error("model unavailable (503)"))).toMatchObject({ status: 503, transient: true });
    expect(classifyBindingError(new Error("Too many requests (429)"))).toMatchObject({ status: 429, transient: true });
    expect(classifyBindingError(new TypeError("fetch failed"))).toMatchObject({ transient: true });
    expect(classifyBindingError(new TypeError("Network connection lost."))).toMatchObject({ transient: true });
    expect(classifyBindingError(new TypeError("Cannot read properties of undefined (reading 'text')"))).toMatchObject({ transient: false }); // a bug: retrying would fail the same way
    expect(classifyBindingError(new Error("Network connection lost."))).toMatchObject({ transient: true });
  });

  it("does not retry validation or account errors", () => {
    expect(classifyBindingError(new Error("AiError: 5006: Invalid input"))).toEqual({ code: 5006, status: 400, transient: false });
    expect(classifyBindingError(new Error("AiError: 5007: No such model @cf/x or task"))).toEqual({ code: 5007, status: 400, transient: false });
    expect(classifyBindingError(new Error("AiError: 3036: You have used up your daily free allocation"))).toEqual({ code: 3036, status: 429, transient: false });
    expect(classifyBindingError(new Error("AiError: 3006: Request is too large"))).toEqual({ code: 3006, status: 413, transient: false });
    expect(classifyBindingError(new Error("something odd"))).toEqual({ code: undefined, status: undefined, transient: false });
  });

  it("names the step and the model and keeps the cause", () => {
    const cause = new Error("AiError: 3040: Capacity temporarily exceeded");
    const err = bindingStepError("speech", "Text-to-speech", "@cf/deepgram/aura-1", cause);
    expect(err).toBeInstanceOf(AiStepError);
    expect(err).toMatchObject({ stage: "speech", model: "@cf/deepgram/aura-1", transient: true, status: 429, code: 3040, cause });
    expect(err.message).toBe("Text-to-speech failed (@cf/deepgram/aura-1): AiError: 3040: Capacity temporarily exceeded");
  });
});

describe("MP3 detection", () => {
  /** An MPEG-1 layer III frame header: 128 kbps, 44.1 kHz, no padding → 417-byte frames. */
  const header = [0xff, 0xfb, 0x90, 0x64];
  const frames = (n: number) => {
    const out = new Uint8Array(417 * n);
    for (let i = 0; i < n; i++) out.set(header, 417 * i);
    return out;
  };

  it("recognises an ID3 tag and MPEG frame sync", () => {
    expect(mp3Signature(new TextEncoder().encode("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000rest"))).toBe("ID3 tag");
    expect(mp3Signature(frames(3))).toBe("MPEG frame sync");
  });

  it("leaves PCM alone, also PCM that starts with sync-like bytes", () => {
    const tone = new Int16Array(1600).map((_, i) => Math.round(8000 * Math.sin(i / 5)));
    expect(mp3Signature(new Uint8Array(tone.buffer))).toBeNull();
    expect(mp3Signature(new Uint8Array(2000))).toBeNull();
    const lookalike = new Uint8Array(2000);
    lookalike.set(header, 0); // a header with no second frame where it should be
    lookalike[417] = 0x12;
    expect(mp3Signature(lookalike)).toBeNull();
    // Quiet speech whose first sample is -1 (0xFF 0xFF), -257 or -513: read as a layer I or II header,
    // with no second frame after it.
    for (const first of [-1, -257, -513]) {
      const quiet = new Int16Array(4000).map((_, i) => (i === 0 ? first : Math.round(40 * Math.sin(i / 7))));
      expect(mp3Signature(new Uint8Array(quiet.buffer)), `first sample ${first}`).toBeNull();
    }
  });

  it("recognises MPEG layer I and II streams too, by their second frame", () => {
    // MPEG-1 layer II, 128 kbit/s, 44.1 kHz: 417-byte frames.
    const layer2 = new Uint8Array(417 * 3);
    for (let i = 0; i < 3; i++) layer2.set([0xff, 0xfd, 0x80, 0x04], 417 * i);
    expect(mp3Signature(layer2)).toBe("MPEG frame sync");
    // MPEG-1 layer I, 128 kbit/s, 44.1 kHz: (12 * 128000 / 44100) * 4 = 136-byte frames.
    const layer1 = new Uint8Array(136 * 3);
    for (let i = 0; i < 3; i++) layer1.set([0xff, 0xff, 0x40, 0x04], 136 * i);
    expect(mp3Signature(layer1)).toBe("MPEG frame sync");
  });
});
