// Incremental recognition's pacing (worker/ai/local/stt/stream.ts) over a recording decoder: one 10 ms
// step per task while it keeps up, 20 ms blocks while it is behind by more than 200 ms, every sample
// decoded once and in order, search work a step leaves and the end of the utterance one piece per task, and the decoder given back
// when the utterance ends.
import { describe, expect, it } from "vitest";
import { BoundedPool } from "../../../../worker/ai/local/stt/pool";
import { CATCH_UP_STEPS, IncrementalTranscription, STEP_SAMPLES, type DecoderPool, type UtteranceDecoder } from "../../../../worker/ai/local/stt/stream";

class RecordingDecoder implements UtteranceDecoder {
  readonly blocks: Int16Array[] = [];
  started = 0;
  start(): void {
    this.started++;
  }
  /** Search work process() leaves, per step (by the step's index); search() does one unit per call. */
  readonly leaves = new Map<number, number>();
  private left = 0;
  process(samples: Int16Array): number {
    this.blocks.push(samples.slice());
    this.left = this.leaves.get(this.blocks.length - 1) ?? 0;
    this.timeline.push(`step ${this.blocks.length - 1}`);
    return this.left;
  }
  search(): number {
    this.timeline.push("search");
    return --this.left;
  }
  /** Pieces of the end, as they ran (with what else ran on the thread between them). */
  readonly timeline: string[] = [];
  *ending(): Generator<void, string, void> {
    for (let piece = 1; piece <= 3; piece++) {
      this.timeline.push(`end piece ${piece}`);
      if (piece < 3) yield;
    }
    return `heard ${this.blocks.reduce((n, b) => n + b.length, 0)} samples`;
  }
}

function pool() {
  const decoder = new RecordingDecoder();
  const released: UtteranceDecoder[] = [];
  const discarded: UtteranceDecoder[] = [];
  const engine: DecoderPool = { acquire: async () => decoder, release: (d) => void released.push(d), discard: (d) => void discarded.push(d) };
  return { decoder, released, discarded, engine };
}

const ramp = (n: number, from = 0) => Int16Array.from({ length: n }, (_, i) => (from + i) % 32768);

describe("incremental recognition pacing", () => {
  it("keeping up: one 10 ms step at a time, every sample once and in order, then the decoder goes back", async () => {
    const { decoder, released, engine } = pool();
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(1000));
    stream.push(ramp(600, 1000));
    const transcript = await stream.finish();
    expect(transcript).toEqual({ text: "heard 1600 samples", recognized: true });
    expect(decoder.started).toBe(1);
    expect(Math.max(...decoder.blocks.map((b) => b.length))).toBe(STEP_SAMPLES);
    const decoded = Int16Array.from(decoder.blocks.flatMap((b) => [...b]));
    expect(decoded).toEqual(ramp(1600));
    expect(released).toEqual([decoder]);
  });

  it("behind by more than 200 ms of audio: 20 ms blocks until it has caught up, then 10 ms steps again", async () => {
    const { decoder, engine } = pool();
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(8000)); // 500 ms queued at once
    await stream.finish();
    const sizes = decoder.blocks.map((b) => b.length);
    expect(CATCH_UP_STEPS).toBe(2);
    expect(sizes.slice(0, 15)).toEqual(Array(15).fill(2 * STEP_SAMPLES)); // 8000 → 3200 queued
    expect(sizes.slice(15).every((n) => n === STEP_SAMPLES)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(8000);
  });

  it("ends the utterance one piece per task, so other tasks run between the pieces", async () => {
    const { decoder, engine } = pool();
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(STEP_SAMPLES));
    const finishing = stream.finish();
    // Another call's work, queued as tasks while the end is under way.
    const other = setInterval(() => decoder.timeline.push("other task"), 0);
    const transcript = await finishing;
    clearInterval(other);
    expect(transcript.text).toBe(`heard ${STEP_SAMPLES} samples`);
    const pieces = decoder.timeline.filter((e) => e.startsWith("end piece"));
    expect(pieces).toEqual(["end piece 1", "end piece 2", "end piece 3"]);
    const first = decoder.timeline.indexOf("end piece 1");
    const last = decoder.timeline.indexOf("end piece 3");
    const between = decoder.timeline.slice(first, last + 1);
    expect(between.filter((e) => e === "other task").length).toBeGreaterThanOrEqual(2);
    expect(between[1]).toBe("other task");
  });

  it("a cancelled utterance decodes nothing more, still ends (its words unread) and gives its decoder back", async () => {
    const { decoder, released, engine } = pool();
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(16000));
    await expect.poll(() => decoder.started).toBe(1);
    stream.cancel();
    await expect(stream.finish()).resolves.toEqual({ text: "", recognized: true });
    expect(decoder.blocks.length).toBeLessThanOrEqual(1);
    expect(decoder.timeline.filter((e) => e.startsWith("end"))).toEqual(["end piece 1", "end piece 2", "end piece 3"]);
    expect(released).toEqual([decoder]);
  });

  it("search work a step leaves (the recogniser's held-back speech) goes on one piece per task before the next step", async () => {
    const { decoder, engine } = pool();
    decoder.leaves.set(1, 3);
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(3 * STEP_SAMPLES));
    const finishing = stream.finish();
    const other = setInterval(() => decoder.timeline.push("other task"), 0);
    await finishing;
    clearInterval(other);
    const work = decoder.timeline.filter((e) => e !== "other task");
    expect(work.slice(0, 6)).toEqual(["step 0", "step 1", "search", "search", "search", "step 2"]);
    // Each piece is a task of its own: other tasks ran between step 1 and each search.
    const from = decoder.timeline.indexOf("step 1");
    const to = decoder.timeline.indexOf("step 2");
    const between = decoder.timeline.slice(from, to + 1);
    expect(between.filter((e) => e === "other task").length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < between.length; i++) expect(between[i] === "search" && between[i - 1] === "search").toBe(false);
  });

  it("a decoder that fails mid-utterance is discarded, not given back, and the failure reaches finish()", async () => {
    const { decoder, released, discarded, engine } = pool();
    decoder.process = () => {
      throw new Error("wasm trapped");
    };
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(STEP_SAMPLES));
    await expect(stream.finish()).rejects.toThrow("wasm trapped");
    expect(discarded).toEqual([decoder]);
    expect(released).toEqual([]);
  });

  it("a finish whose deadline passes gives the stream up: decoding stops and the decoder goes back", async () => {
    const { decoder, released, engine } = pool();
    const stream = new IncrementalTranscription(Promise.resolve(engine));
    stream.push(ramp(16000)); // a second of audio: 100 steps, one per task
    const deadline = new AbortController();
    const finishing = stream.finish(deadline.signal);
    await new Promise((r) => setTimeout(r, 5));
    deadline.abort();
    await expect(finishing).rejects.toThrow(/aborted/);
    await expect.poll(() => released.length).toBe(1);
    const decoded = decoder.blocks.length;
    expect(decoded).toBeLessThan(100);
    await new Promise((r) => setTimeout(r, 20));
    expect(decoder.blocks.length).toBe(decoded);
    expect(decoder.timeline.filter((e) => e.startsWith("end"))).toEqual(["end piece 1", "end piece 2", "end piece 3"]);
  });

  it("every decoder busy: the stream waits its turn; its finish deadline passing takes it out of the queue", async () => {
    const decoders = new BoundedPool<RecordingDecoder>({ create: () => new RecordingDecoder(), free: () => {} }, { max: 1, reuseWaitMs: 10 });
    const busy = await decoders.acquire();
    const stream = new IncrementalTranscription(Promise.resolve(decoders));
    stream.push(ramp(STEP_SAMPLES));
    const deadline = new AbortController();
    const finishing = stream.finish(deadline.signal);
    await new Promise((r) => setTimeout(r, 50));
    expect(decoders.queued).toBe(1);
    deadline.abort();
    await expect(finishing).rejects.toThrow(/aborted/);
    expect(decoders.queued).toBe(0);
    decoders.release(busy);
    expect(await decoders.acquire()).toBe(busy); // idle again: it did not go to the stream given up
    expect(busy.started).toBe(0);
    expect(decoders.size).toBe(1);
  });

  it("every decoder busy: a stream cancelled while it waits leaves the queue and never takes one", async () => {
    const decoders = new BoundedPool<RecordingDecoder>({ create: () => new RecordingDecoder(), free: () => {} }, { max: 1, reuseWaitMs: 10 });
    const busy = await decoders.acquire();
    const stream = new IncrementalTranscription(Promise.resolve(decoders));
    stream.push(ramp(STEP_SAMPLES));
    await new Promise((r) => setTimeout(r, 20));
    expect(decoders.queued).toBe(1);
    stream.cancel();
    await expect(stream.finish()).resolves.toEqual({ text: "", recognized: true });
    expect(decoders.queued).toBe(0);
    decoders.release(busy);
    expect(busy.started).toBe(0);
  });

  it("every decoder busy: once one comes back the waiting stream decodes all it was given meanwhile", async () => {
    const decoders = new BoundedPool<RecordingDecoder>({ create: () => new RecordingDecoder(), free: () => {} }, { max: 1, reuseWaitMs: 10 });
    const busy = await decoders.acquire();
    const stream = new IncrementalTranscription(Promise.resolve(decoders));
    stream.push(ramp(1000));
    const finishing = stream.finish();
    await new Promise((r) => setTimeout(r, 20));
    decoders.release(busy);
    await expect(finishing).resolves.toEqual({ text: "heard 1000 samples", recognized: true });
    expect(decoders.size).toBe(1);
  });
});
