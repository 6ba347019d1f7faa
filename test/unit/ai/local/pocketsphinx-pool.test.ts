// The recogniser's decoder pool (worker/ai/local/stt/pocketsphinx.ts) with the real wasm and model:
// a decoder given back within REUSE_WAIT_MS goes to the utterance waiting for one (no second decoder:
// building one holds the thread 1–1.5 s), one not given back in time means a new decoder; and an
// utterance ended unread, mid-speech, leaves its decoder ready to recognise the next one; a decoder
// discarded mid-utterance is freed, so the next one is built in its memory (the heap does not grow).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadPocketSphinx } from "../../../../bench/support/local-speech-node";
import { REUSE_WAIT_MS, type Decoder, type PocketSphinx } from "../../../../worker/ai/local/stt/pocketsphinx";
import { parseWav } from "../../../../worker/audio/wav";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/local-speech");
const manifest = JSON.parse(readFileSync(join(FIXTURES, "manifest.json"), "utf8")) as Array<{ name: string; text: string }>;
const first = manifest[0]!;
const samples = parseWav(readFileSync(join(FIXTURES, `${first.name}.wav`))).samples;

let engine: PocketSphinx;
beforeAll(async () => {
  engine = await loadPocketSphinx();
}, 60_000);

// Each test starts from a pool of one idle decoder, whatever the tests before it left (every test gives
// back what it took, so all are idle here: each acquire below is answered at once).
beforeEach(async () => {
  const extra: Decoder[] = [];
  for (let n = engine.decoders; n > 1; n--) extra.push(await engine.acquire());
  for (const decoder of extra) engine.discard(decoder);
  expect(engine.decoders).toBe(1);
});

describe("PocketSphinx decoder pool", () => {
  it("an utterance waiting for a decoder gets the one given back meanwhile; ended mid-speech, it recognises the next", async () => {
    const a = await engine.acquire();
    a.start();
    a.process(samples.subarray(0, 8000));
    const waiting = engine.acquire();
    await new Promise((r) => setTimeout(r, 10));
    a.end();
    engine.release(a);
    const b = await waiting;
    expect(b).toBe(a);
    expect(engine.decoders).toBe(1);
    for (let round = 0; round < 2; round++) {
      b.start();
      b.process(samples.subarray(0, 12000 + round * 4000));
      b.end();
    }
    b.start();
    b.process(samples);
    const words = b.end();
    engine.release(b);
    const reference = new Set(first.text.toLowerCase().split(/\s+/));
    const heard = words.split(/\s+/).filter((w) => reference.has(w));
    expect(heard.length / reference.size).toBeGreaterThan(0.5);
  }, 30_000);

  it(`no decoder given back within ${REUSE_WAIT_MS} ms: a second one is built`, async () => {
    const a = await engine.acquire();
    const t0 = performance.now();
    const b = await engine.acquire();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(REUSE_WAIT_MS - 5);
    expect(b).not.toBe(a);
    expect(engine.decoders).toBe(2);
    engine.release(a);
    engine.release(b);
    const again = await engine.acquire();
    expect(engine.decoders).toBe(2);
    engine.release(again);
  }, 30_000);

  it("a decoder discarded mid-utterance is freed: the next one is built in its memory and recognises speech", async () => {
    const held: Decoder[] = [];
    for (let n = engine.decoders; n > 0; n--) held.push(await engine.acquire()); // every one (all idle) lent
    const failed = await engine.acquire(); // nothing given back in time: built
    const heap = engine.heapBytes;
    expect(heap).toBeGreaterThan(60 * 2 ** 20); // the shared model and two decoders
    failed.start();
    failed.process(samples.subarray(0, 8000));
    engine.discard(failed);
    expect(engine.decoders).toBe(held.length);
    const next = await engine.acquire();
    expect(next).not.toBe(failed);
    expect(engine.heapBytes).toBe(heap);
    next.start();
    next.process(samples);
    const words = next.end().split(/\s+/);
    engine.release(next);
    for (const decoder of held) engine.release(decoder);
    const reference = new Set(first.text.toLowerCase().split(/\s+/));
    expect(words.filter((w) => reference.has(w)).length / reference.size).toBeGreaterThan(0.5);
  }, 30_000);
});
