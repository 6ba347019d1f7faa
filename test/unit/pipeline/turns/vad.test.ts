import { describe, expect, it } from "vitest";
import { concatPcm } from "../../../../worker/audio/pcm";
import { type VadFrame, VoiceActivityDetector } from "../../../../worker/pipeline/turns/vad";
import { loadFixture, silence } from "../../support/fixtures";
import { chunks, runStage } from "../../support/stage-harness";

/** The detector as a stage: each push's frames, with their samples, as an array. */
function vadStage(vad = new VoiceActivityDetector()): { push(samples: Int16Array): Array<{ frame: VadFrame; samples: Int16Array }> } {
  return {
    push(samples) {
      const out: Array<{ frame: VadFrame; samples: Int16Array }> = [];
      vad.push(samples, (frame, frameSamples) => out.push({ frame, samples: frameSamples }));
      return out;
    },
  };
}

const frames = (audio: Int16Array, chunk = 4096) => runStage(vadStage(), chunks(audio, chunk)).map((o) => o.output.frame);

describe("VoiceActivityDetector", () => {
  it("finds no speech in digital silence", () => {
    expect(frames(silence(2000)).filter((f) => f.speech)).toHaveLength(0);
  });

  it("finds no speech in steady white or brown noise", () => {
    const white = loadFixture("noise-white");
    const brown = loadFixture("noise-brown");
    for (const noise of [concatPcm([white, white]), concatPcm([brown, brown])]) {
      const voiced = frames(noise).filter((f) => f.voiced);
      expect(voiced.length).toBeLessThanOrEqual(1);
    }
  });

  it("marks the spoken part of the espeak fixture as voiced speech, and the padding not", () => {
    const f = frames(loadFixture("speech-hello"));
    const inSpeech = f.filter((x) => x.startMs >= 300 && x.startMs < 2150);
    const leading = f.filter((x) => x.startMs < 220);
    const trailing = f.filter((x) => x.startMs >= 2300);
    expect(inSpeech.filter((x) => x.speech).length / inSpeech.length).toBeGreaterThan(0.7);
    expect(inSpeech.filter((x) => x.voiced).length / inSpeech.length).toBeGreaterThan(0.4);
    expect(leading.some((x) => x.speech)).toBe(false);
    expect(trailing.some((x) => x.speech)).toBe(false);
  });

  it("reports the voice's pitch on voiced frames", () => {
    const pitches = frames(loadFixture("speech-hello"))
      .map((f) => f.pitchHz)
      .filter((p): p is number => p !== null)
      .sort((a, b) => a - b);
    const median = pitches[Math.floor(pitches.length / 2)]!;
    expect(median).toBeGreaterThan(80); // espeak en-us male voice ≈ 100–140 Hz
    expect(median).toBeLessThan(200);
  });

  it("learns a steady noise floor and still finds speech in noise", () => {
    const f = frames(loadFixture("speech-hello-noisy"));
    expect(f.at(-1)!.noiseDb).toBeGreaterThan(-60);
    const inSpeech = f.filter((x) => x.startMs >= 300 && x.startMs < 2150);
    expect(inSpeech.filter((x) => x.speech).length / inSpeech.length).toBeGreaterThan(0.6);
    expect(f.filter((x) => x.startMs >= 2300).some((x) => x.speech)).toBe(false);
  });

  it("gives the same frames whatever the chunk size", () => {
    const audio = loadFixture("speech-hello");
    const a = frames(audio, 4096).map((f) => f.speech);
    const b = frames(audio, 160).map((f) => f.speech);
    const c = frames(audio, 333).map((f) => f.speech);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it("gives the same frames and samples whether frames come whole (kept without a copy) or split", () => {
    const audio = loadFixture("speech-hello-noisy");
    const run = (chunk: number) => {
      const vad = vadStage();
      return [...chunks(audio, chunk)].flatMap((c) => vad.push(c));
    };
    const split = run(333);
    expect(split.some((f) => f.frame.voiced)).toBe(true);
    for (const chunk of [320, 640, 4096]) {
      const whole = run(chunk);
      expect(whole.map((f) => f.frame)).toEqual(split.map((f) => f.frame));
      expect(whole.map((f) => [...f.samples])).toEqual(split.map((f) => [...f.samples]));
    }
    // A whole 20 ms frame is the caller's array itself.
    const frame = audio.slice(0, 320);
    expect(vadStage().push(frame)[0]!.samples).toBe(frame);
  });
});
