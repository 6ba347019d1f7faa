// Speech kept per text and voice: made once, the same audio handed to every caller (read-only, not a
// copy per call), least recently used dropped first.
import { describe, expect, it } from "vitest";
import type { PcmAudio } from "../../../worker/ai/provider";
import { SpeechMemo } from "../../../worker/ai/speech-memo";

function engine() {
  const made: string[] = [];
  const make = (text: string, voice: string, samples = 4) => () => {
    made.push(`${voice}:${text}`);
    return { samples: Int16Array.from({ length: samples }, (_, i) => text.length * 100 + i), sampleRate: 16000 } satisfies PcmAudio;
  };
  return { made, make };
}

describe("SpeechMemo", () => {
  it("makes the same words in the same voice once and hands every caller that same audio", async () => {
    const memo = new SpeechMemo();
    const { made, make } = engine();
    const first = await memo.get("Hello there.", "warm", make("Hello there.", "warm"));
    const second = await memo.get("Hello there.", "warm", make("Hello there.", "warm"));
    expect(Array.from(second.samples)).toEqual([1200, 1201, 1202, 1203]);
    expect(second.sampleRate).toBe(16000);
    expect(second.samples).toBe(first.samples); // no buffer per call
    await memo.get("Hello there.", "gentle", make("Hello there.", "gentle"));
    expect(made).toEqual(["warm:Hello there.", "gentle:Hello there."]);
  });

  it("drops the least recently used audio past its bound, and keeps no long text", async () => {
    const memo = new SpeechMemo(8); // two entries of 4 samples
    const { made, make } = engine();
    await memo.get("a", "v", make("a", "v"));
    await memo.get("b", "v", make("b", "v"));
    await memo.get("a", "v", make("a", "v")); // a is now the most recent
    await memo.get("c", "v", make("c", "v")); // b goes
    await memo.get("a", "v", make("a", "v"));
    await memo.get("b", "v", make("b", "v"));
    expect(made).toEqual(["v:a", "v:b", "v:c", "v:b"]);
    const long = "x".repeat(401);
    await memo.get(long, "v", make(long, "v"));
    await memo.get(long, "v", make(long, "v"));
    expect(made.filter((m) => m === `v:${long}`)).toHaveLength(2);
  });

  it("makes it once for callers asking at the same time, hands both the same audio, and counts it once", async () => {
    const memo = new SpeechMemo(8); // two entries of 4 samples
    const { made, make } = engine();
    const [one, two] = await Promise.all([memo.get("a", "v", make("a", "v")), memo.get("a", "v", make("a", "v"))]);
    expect(Array.from(two!.samples)).toEqual([100, 101, 102, 103]);
    expect(two!.samples).toBe(one!.samples);
    await memo.get("b", "v", make("b", "v")); // a and b fit: nothing was counted twice
    await memo.get("a", "v", make("a", "v"));
    expect(made).toEqual(["v:a", "v:b"]);
  });

  it("keeps nothing when the engine fails", async () => {
    const memo = new SpeechMemo();
    await expect(memo.get("Hi.", "v", () => Promise.reject(new Error("engine down")))).rejects.toThrow("engine down");
    const { made, make } = engine();
    await memo.get("Hi.", "v", make("Hi.", "v"));
    expect(made).toEqual(["v:Hi."]);
  });
});
