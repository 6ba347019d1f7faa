// PlaybackQueue's scheduling against a minimal stand-in for the Web Audio graph (Node has no
// AudioContext): gapless start times, volume → gain, stop() cutting everything queued at once.
import { describe, expect, it } from "vitest";
import { DRAIN_MAX_MS, drainDelayMs, PLAYBACK_LEAD_SECONDS, type PlaybackStats, PlaybackQueue } from "../../../web/audio/playback";

class FakeParam {
  value = 1;
  setValueAtTime(v: number) {
    this.value = v;
  }
}
class FakeNode {
  connections: FakeNode[] = [];
  connect(n: FakeNode) {
    this.connections.push(n);
    return n;
  }
  disconnect() {
    this.connections = [];
  }
}
class FakeBuffer {
  readonly data: Float32Array;
  constructor(
    readonly numberOfChannels: number,
    readonly length: number,
    readonly sampleRate: number,
  ) {
    this.data = new Float32Array(length);
  }
  get duration() {
    return this.length / this.sampleRate;
  }
  getChannelData() {
    return this.data;
  }
}
class FakeSource extends FakeNode {
  buffer: FakeBuffer | null = null;
  startedAt: number | null = null;
  stopped = false;
  onended: (() => void) | null = null;
  start(when: number) {
    this.startedAt = when;
  }
  stop() {
    this.stopped = true;
    this.onended?.();
  }
}
class FakeContext {
  currentTime = 0;
  destination = new FakeNode();
  sources: FakeSource[] = [];
  gain?: FakeNode & { gain: FakeParam };
  createGain() {
    this.gain = Object.assign(new FakeNode(), { gain: new FakeParam() });
    return this.gain;
  }
  createAnalyser() {
    return Object.assign(new FakeNode(), { fftSize: 2048 });
  }
  createBuffer(channels: number, length: number, rate: number) {
    return new FakeBuffer(channels, length, rate);
  }
  createBufferSource() {
    const s = new FakeSource();
    this.sources.push(s);
    return s;
  }
}

function setup(volume = 80) {
  const ctx = new FakeContext();
  const stats: PlaybackStats[] = [];
  const queue = new PlaybackQueue(ctx as unknown as AudioContext, volume, (s) => stats.push(s));
  return { ctx, queue, stats, last: () => stats.at(-1) };
}

const chunk = (samples: number, value = 16384) => new Int16Array(samples).fill(value);

describe("PlaybackQueue", () => {
  it("plays chunks back to back with no gap, after a short lead", () => {
    const { ctx, queue } = setup();
    ctx.currentTime = 2;
    queue.enqueue(chunk(16000), 16000); // 1 s
    queue.enqueue(chunk(8000), 16000); // 0.5 s
    queue.enqueue(chunk(4000), 16000);
    expect(ctx.sources.map((s) => s.startedAt)).toEqual([2 + PLAYBACK_LEAD_SECONDS, 3 + PLAYBACK_LEAD_SECONDS, 3.5 + PLAYBACK_LEAD_SECONDS]);
    expect(ctx.sources[0]?.buffer?.data[0]).toBeCloseTo(0.5);
  });

  it("restarts from now when the queue ran dry", () => {
    const { ctx, queue } = setup();
    queue.enqueue(chunk(1600), 16000); // 0.1 s
    ctx.currentTime = 10;
    queue.enqueue(chunk(1600), 16000);
    expect(ctx.sources[1]?.startedAt).toBeCloseTo(10 + PLAYBACK_LEAD_SECONDS);
  });

  it("counts chunks scheduled and played to the end", () => {
    const { ctx, queue, last } = setup();
    queue.enqueue(chunk(1600), 16000);
    queue.enqueue(chunk(3200), 16000);
    expect(last()).toEqual({ scheduled: 2, played: 0, playedSeconds: 0 });
    ctx.sources[0]?.onended?.();
    expect(last()?.played).toBe(1);
    expect(last()?.playedSeconds).toBeCloseTo(0.1);
    expect(queue.playing).toBe(true);
  });

  it("stop() cuts everything queued at once, doesn't count it as played, and starts afresh", () => {
    const { ctx, queue, last } = setup();
    ctx.currentTime = 1;
    for (let i = 0; i < 3; i++) queue.enqueue(chunk(16000), 16000);
    queue.stop();
    expect(ctx.sources.every((s) => s.stopped)).toBe(true);
    expect(last()?.played).toBe(0);
    expect(queue.playing).toBe(false);
    queue.enqueue(chunk(1600), 16000);
    expect(ctx.sources[3]?.startedAt).toBeCloseTo(1 + PLAYBACK_LEAD_SECONDS);
  });

  it("applies the volume slider to the gain, live", () => {
    const { ctx, queue } = setup(80);
    expect(ctx.gain?.gain.value).toBeCloseTo(0.64);
    queue.setVolume(0);
    expect(ctx.gain?.gain.value).toBe(0);
    queue.setVolume(100);
    expect(ctx.gain?.gain.value).toBe(1);
  });

  it("ignores empty chunks", () => {
    const { ctx, queue, stats } = setup();
    queue.enqueue(new Int16Array(0), 16000);
    expect(ctx.sources).toHaveLength(0);
    expect(stats).toHaveLength(0);
  });
});

describe("letting the last words play (a call the server ended)", () => {
  it("secondsLeft is what remains of the queue, 0 once it ran dry or was stopped", () => {
    const { ctx, queue } = setup();
    ctx.currentTime = 1;
    expect(queue.secondsLeft).toBe(0);
    queue.enqueue(chunk(16000), 16000);
    queue.enqueue(chunk(16000), 16000);
    expect(queue.secondsLeft).toBeCloseTo(2 + PLAYBACK_LEAD_SECONDS);
    ctx.currentTime = 2.5;
    expect(queue.secondsLeft).toBeCloseTo(0.5 + PLAYBACK_LEAD_SECONDS);
    queue.stop();
    expect(queue.secondsLeft).toBe(0);
  });

  it("drainDelayMs waits for what is left plus a small margin, never longer than the cap", () => {
    expect(drainDelayMs(0)).toBe(0);
    expect(drainDelayMs(Number.NaN)).toBe(0);
    const oneSecond = drainDelayMs(1);
    expect(oneSecond).toBeGreaterThan(1000);
    expect(oneSecond).toBeLessThan(1500);
    expect(drainDelayMs(30)).toBe(DRAIN_MAX_MS);
    expect(DRAIN_MAX_MS).toBeLessThanOrEqual(5000);
    expect(drainDelayMs(3, 2000)).toBe(2000);
  });
});
