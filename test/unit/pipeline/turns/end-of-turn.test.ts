import { describe, expect, it } from "vitest";
import { levelDb } from "../../../../worker/audio/level";
import { concatPcm } from "../../../../worker/audio/pcm";
import { TurnDetector, type TurnEvent } from "../../../../worker/pipeline/turns/end-of-turn";
import { SPEECH_END_MS, loadFixture, silence } from "../../support/fixtures";
import { tone } from "../../../support/audio";
import { chunks, runStage } from "../../support/stage-harness";

function run(audio: Int16Array, options: ConstructorParameters<typeof TurnDetector>[0] = {}, chunk = 4096): TurnEvent[] {
  return runStage(new TurnDetector(options), chunks(audio, chunk)).map((o) => o.output);
}
const ends = (events: TurnEvent[]) => events.filter((e): e is Extract<TurnEvent, { type: "turn_end" }> => e.type === "turn_end");

describe("TurnDetector", () => {
  it("turns one spoken sentence into speech_start then one turn_end with its audio", () => {
    const events = run(concatPcm([loadFixture("speech-hello"), silence(500)]));
    expect(events.map((e) => e.type)).toEqual(["speech_start", "turn_end"]);
    const [end] = ends(events);
    expect(end!.startMs).toBeGreaterThanOrEqual(200);
    expect(end!.startMs).toBeLessThanOrEqual(300);
    expect(end!.speechMs).toBeGreaterThan(1800);
    expect(end!.forced).toBe(false);
    // Audio: pre-roll + speech + tail, i.e. roughly the spoken part.
    expect(end!.audio.length / 16).toBeGreaterThan(end!.speechMs);
    expect(end!.audio.length / 16).toBeLessThan(end!.speechMs + 400);
  });

  it("opens the turn with exactly the 200 ms before its onset, in order, however the audio is chunked", () => {
    // 30 quiet frames, each a different value (far below speech), then the sentence.
    const marked = Int16Array.from({ length: 30 * 320 }, (_, i) => 1 + Math.floor(i / 320));
    const audio = concatPcm([marked, loadFixture("speech-hello"), silence(500)]);
    for (const chunk of [320, 333, 4096]) {
      const [end] = ends(run(audio, {}, chunk));
      const onset = end!.startMs / 20;
      expect(onset).toBeGreaterThanOrEqual(30);
      expect(Array.from(end!.audio.subarray(0, 11 * 320))).toEqual(Array.from(audio.subarray((onset - 10) * 320, (onset + 1) * 320)));
      // The frame analysis lines up with the audio: the pre-roll's levels, then the onset frame's.
      expect(end!.frames.length).toBe(end!.audio.length / 320);
      for (let i = 0; i <= 10; i++) expect(end!.frames.levelDb(i), `frame ${i}`).toBe(levelDb(audio.subarray((onset - 10 + i) * 320, (onset - 9 + i) * 320)));
    }
    // Only 3 frames before the onset: the turn opens with those 3.
    const hello = loadFixture("speech-hello");
    const [first] = ends(run(concatPcm([hello, silence(500)]), {}, 320));
    const late = concatPcm([marked.subarray(0, 3 * 320), hello.subarray((first!.startMs / 20) * 320), silence(500)]);
    const [short] = ends(run(late, {}, 320));
    expect(short!.startMs).toBe(60);
    expect(Array.from(short!.audio.subarray(0, 4 * 320))).toEqual(Array.from(late.subarray(0, 4 * 320)));
  });

  it("ends the turn `silenceMs` after speech stops (default 250 ms, ≤ 300 ms)", () => {
    const speechEnd = SPEECH_END_MS["speech-hello"]!;
    for (const silenceMs of [200, 250, 300]) {
      const [end] = ends(run(concatPcm([loadFixture("speech-hello"), silence(500)]), { silenceMs }, 320));
      const delay = end!.atMs - speechEnd;
      expect(delay).toBeGreaterThanOrEqual(silenceMs - 40);
      expect(delay).toBeLessThanOrEqual(silenceMs + 40);
    }
    const [byDefault] = ends(run(concatPcm([loadFixture("speech-hello"), silence(500)]), {}, 320));
    expect(byDefault!.atMs - speechEnd).toBeLessThanOrEqual(300);
  });

  it("finds the same turn in steady noise", () => {
    const [end] = ends(run(concatPcm([loadFixture("speech-hello-noisy"), silence(500)])));
    expect(end!.speechMs).toBeGreaterThan(1700);
    expect(end!.atMs - SPEECH_END_MS["speech-hello-noisy"]!).toBeLessThanOrEqual(320);
  });

  it("never opens a turn on steady noise, noise swells after silence, or clicks", () => {
    const white = loadFixture("noise-white");
    const brown = loadFixture("noise-brown");
    expect(run(concatPcm([white, white, white]))).toEqual([]);
    expect(run(concatPcm([brown, brown, brown]))).toEqual([]);
    expect(run(concatPcm([silence(600), white, silence(300), brown, silence(500)]))).toEqual([]);
    const click = new Int16Array(80).fill(20000);
    expect(run(concatPcm([silence(500), click, silence(400), click, silence(500)]))).toEqual([]);
  });

  it("ignores a tone burst shorter than the minimum speech duration", () => {
    // A 150 Hz buzz whose loudness rises and falls like syllables (4 per second).
    const syllabic = (ms: number) =>
      new Int16Array(ms * 16).map((_, i) => Math.round(8000 * (0.2 + 0.8 * Math.abs(Math.sin((2 * Math.PI * 4 * i) / 32000))) * Math.sin((2 * Math.PI * 150 * i) / 16000)));
    expect(run(concatPcm([silence(500), syllabic(80), silence(600)]))).toEqual([]);
    expect(ends(run(concatPcm([silence(500), syllabic(400), silence(600)])))).toHaveLength(1);
  });

  it("splits at a pause longer than the silence window and keeps shorter pauses inside the turn", () => {
    const wait = loadFixture("speech-wait"); // "Wait, stop. <≈300 ms> Can you say that again?"
    expect(ends(run(concatPcm([wait, silence(500)])))).toHaveLength(2);
    expect(ends(run(concatPcm([wait, silence(600)]), { silenceMs: 450 }))).toHaveLength(1);
  });

  it("cuts very long speech at maxTurnMs", () => {
    const hello = loadFixture("speech-hello").subarray(4000, 4000 + 16000);
    const events = ends(run(concatPcm([silence(300), hello, hello, hello]), { maxTurnMs: 1500 }));
    expect(events[0]!.forced).toBe(true);
  });

  it("reports speech so far and flushes speech in progress at the end of the stream", () => {
    const detector = new TurnDetector();
    detector.push(concatPcm([silence(300), loadFixture("speech-hello").subarray(4000, 4000 + 16000)]));
    expect(detector.speaking).toBe(true);
    expect(detector.speechSoFarMs).toBeGreaterThan(800);
    const tail = detector.flush();
    expect(tail?.forced).toBe(true);
    expect(detector.speaking).toBe(false);
    expect(detector.flush()).toBeNull();
  });
});

describe("TurnDetector: steady sounds that start mid-call", () => {

  it("never makes a turn of a hum or a tone, and learns it as the new noise floor", () => {
    for (const hz of [50, 100, 1000]) {
      const detector = new TurnDetector();
      const events = runStage(detector, chunks(concatPcm([silence(1000), tone(hz, 3000), silence(1000)]), 4096)).map((o) => o.output);
      expect(ends(events)).toEqual([]);
      expect(detector.vad.noiseDb).toBeLessThan(-60); // and forgets it once it stops
    }
  });

  it("still hears speech over a hum that started earlier", () => {
    const hum = tone(60, 5000);
    const speech = concatPcm([silence(1500), loadFixture("speech-hello"), silence(800)]);
    const mixed = speech.map((v, i) => Math.max(-32768, Math.min(32767, v + (hum[i] ?? 0))));
    const found = ends(run(concatPcm([silence(500), mixed])));
    expect(found).toHaveLength(1);
    expect(found[0]!.speechMs).toBeGreaterThan(1500);
  });
});
