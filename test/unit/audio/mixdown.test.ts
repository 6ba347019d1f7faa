// The recording's timeline: caller frames in order, the Echo's speech from "now", cut at a barge-in,
// silence for gaps in the caller's audio, and only settled samples handed out.
import { describe, expect, it } from "vitest";
import { Mixdown } from "../../../worker/audio/mixdown";

const tone = (n: number, v: number) => new Int16Array(n).fill(v);
const T0 = 1_000_000;

describe("Mixdown", () => {
  it("lays caller frames one after the other and hands out only what is settled", () => {
    const mix = new Mixdown(T0);
    mix.caller(tone(320, 100), T0 + 20);
    mix.caller(tone(320, 200), T0 + 40);
    const out = mix.take(T0 + 40);
    expect(out.length).toBe(640);
    expect(out[0]).toBe(100);
    expect(out[639]).toBe(200);
    expect(mix.take(T0 + 40).length).toBe(0);
  });

  it("starts the Echo's speech now, queues the next sentence after it, and mixes it with the caller", () => {
    const mix = new Mixdown(T0);
    expect(mix.assistant(tone(1600, 1000), T0 + 100)).toBe(100); // 100 ms in
    expect(mix.assistant(tone(1600, 1000), T0 + 110)).toBe(200); // right after the first sentence
    mix.caller(tone(1600, 500), T0 + 100); // the caller's first 100 ms overlap nothing; the rest overlaps
    const out = mix.take(T0 + 300, true);
    expect(out.length).toBe(16 * 300);
    expect(out[50]).toBe(500);
    expect(out[16 * 150]).toBe(1000); // caller ended at 100 ms: only the Echo
    expect(out[16 * 250]).toBe(1000);
  });

  it("drops the Echo's audio the caller never heard when they barge in", () => {
    const mix = new Mixdown(T0);
    mix.assistant(tone(16000, 800), T0); // one second of speech
    mix.interrupt(T0 + 250);
    const out = mix.take(T0 + 2000, true);
    expect(out.length).toBe(32000);
    expect(out[16 * 249]).toBe(800);
    expect(out[16 * 251]).toBe(0);
  });

  it("fills a long gap in the caller's audio with silence up to the wall clock, and clips loud sums", () => {
    const mix = new Mixdown(T0);
    mix.caller(tone(320, 30000), T0 + 20);
    mix.assistant(tone(320, 30000), T0 + 3000);
    mix.caller(tone(320, 30000), T0 + 3020); // 3 s of nothing in between
    const out = mix.take(T0 + 3020);
    expect(out.length).toBe(16 * 3020);
    expect(out[16 * 1000]).toBe(0);
    expect(out[16 * 3000 + 10]).toBe(32767);
  });

  it("only reads the audio it is given (the Echo's speech is shared between calls)", () => {
    const mix = new Mixdown(T0);
    const speech = Int16Array.from({ length: 3200 }, (_, i) => (i * 37) % 30000);
    const frame = Int16Array.from({ length: 320 }, (_, i) => 20000 - i);
    const [speechBefore, frameBefore] = [speech.slice(), frame.slice()];
    mix.assistant(speech, T0 + 20);
    mix.caller(frame, T0 + 20);
    mix.take(T0 + 100);
    mix.interrupt(T0 + 100);
    mix.take(T0 + 300, true);
    expect(speech).toEqual(speechBefore);
    expect(frame).toEqual(frameBefore);
  });

  it("resumes after what is already stored", () => {
    const mix = new Mixdown(T0, 16000);
    expect(mix.head(T0 + 500)).toBe(16000);
    mix.caller(tone(320, 7), T0 + 1020);
    expect(mix.take(T0 + 1020).length).toBe(320);
    expect(mix.positionMs(T0 + 1020)).toBe(1020);
  });

  it("a caller a steady network delay behind the clock: no silence at a chunk's end, and no shift against the Echo after it", () => {
    // 10 s of caller speech in 20 ms frames, each arriving 120 ms after it was spoken (under the 500 ms
    // gap limit); frame k's samples are k + 1. The Echo speaks (10,000) at 2 s and at 8 s on the clock.
    // As the recorder does, a chunk is taken once 5 s are settled, the rest when the call ends.
    const DELAY_MS = 120;
    const mix = new Mixdown(T0);
    const echoAt = [2000, 8000];
    const echoStarts: number[] = [];
    const chunks: Int16Array[] = [];
    let arrival = T0;
    for (let k = 0; k < 500; k++) {
      arrival = T0 + 20 * (k + 1) + DELAY_MS;
      while (echoAt.length > 0 && T0 + echoAt[0]! <= arrival) echoStarts.push(mix.assistant(tone(1600, 10_000), T0 + echoAt.shift()!));
      mix.caller(tone(320, k + 1), arrival);
      if (mix.head(arrival) - mix.taken >= 16 * 5000) chunks.push(mix.take(arrival));
    }
    chunks.push(mix.take(arrival, true));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    const out = Int16Array.from(chunks.flatMap((c) => [...c]));
    // The caller's 10 s are laid without a hole: every sample carries a frame of theirs, in order.
    const caller = Array.from(out.subarray(0, 16 * 10_000), (v) => (v >= 10_000 ? v - 10_000 : v));
    const silent = caller.findIndex((v) => v === 0);
    expect(silent, `silence at ${Math.round(silent / 16)} ms`).toBe(-1);
    expect(caller.every((v, i) => v === Math.floor(i / 320) + 1)).toBe(true);
    // The Echo's speech meets the same moment of the caller's speech before and after the chunk's end.
    const callerMsUnder = (ms: number) => (out[16 * ms + 8]! - 10_000 - 1) * 20;
    expect(echoStarts).toHaveLength(2);
    const lead = echoStarts.map((ms) => ms - callerMsUnder(ms));
    expect(lead[1]).toBe(lead[0]);
  });
});
