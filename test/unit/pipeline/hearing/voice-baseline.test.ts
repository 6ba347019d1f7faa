import { describe, expect, it } from "vitest";
import { measureProsody, topEmotions } from "../../../../worker/pipeline/hearing/prosody";
import { MAX_VOICE_WEIGHT, VoiceBaseline, voiceSample, voiceWeight, type VoiceReading } from "../../../../worker/pipeline/hearing/voice-baseline";
import { blendHeard } from "../../../../worker/pipeline/hearing/words-and-emotions";
import { speakerTurn, type Speaker } from "../../../../scripts/emotion/synthetic-voice";

const low: Speaker = { pitchHz: 110, amp: 4000, rate: 3.5, movementSt: 1 };
const high: Speaker = { ...low, pitchHz: 220 }; // an octave above
const sample = (speaker: Speaker, seed: number) => voiceSample(measureProsody(speakerTurn(speaker, seed), 16000));

/** A baseline of `turns` turns of `speaker` at rest, then `turn` read against it. */
function readAfterRest(speaker: Speaker, turn: Speaker, turns = 4): VoiceReading {
  const baseline = new VoiceBaseline();
  for (let seed = 1; seed <= turns; seed++) baseline.hear(sample(speaker, seed));
  const reading = baseline.read(sample(turn, 99));
  if (!reading) throw new Error("no voice read");
  return reading;
}

const top = (r: VoiceReading) => topEmotions(r.emotions, 1)[0]!.emotion;

describe("the voice against the caller's own baseline", () => {
  it("two speakers an octave apart, each at rest, both read calm", () => {
    const a = readAfterRest(low, low);
    const b = readAfterRest(high, high);
    for (const r of [a, b]) {
      expect(top(r)).toBe("calm");
      expect(r.emotions.calm).toBeGreaterThan(0.6);
      expect(Math.abs(r.arousal)).toBeLessThan(0.3);
      expect(Math.abs(r.z.pitch)).toBeLessThan(0.5); // each is at their own pitch
    }
    // The octave itself is no cue: the low speaker's baseline would read the high voice as very high.
    expect(readAfterRest(low, high).z.pitch).toBe(3);
  });

  it("the same speaker louder and faster than their baseline reads as higher arousal", () => {
    const rest = readAfterRest(low, low);
    const aroused = readAfterRest(low, { ...low, amp: low.amp * 3, rate: 6 });
    expect(aroused.z.level).toBeGreaterThan(2);
    expect(aroused.z.rate).toBeGreaterThan(1.5);
    expect(aroused.arousal).toBeGreaterThan(0.5);
    expect(aroused.arousal).toBeGreaterThan(rest.arousal + 0.4);
    expect(aroused.emotions.calm).toBeLessThan((rest.emotions.calm ?? 0) - 0.3);
    expect(["anger", "joy"]).toContain(top(aroused)); // loud and fast with flat pitch: prosody can't tell which
    expect(aroused.hesitant).toBe(false);
  });

  it("the same for the high voice: the reading is relative, not absolute", () => {
    const aroused = readAfterRest(high, { ...high, amp: high.amp * 3, rate: 6 });
    expect(aroused.arousal).toBeGreaterThan(0.5);
  });

  it("quieter and slower than usual reads low and hesitant", () => {
    const subdued = readAfterRest(low, { ...low, amp: low.amp / 2, rate: 2.2, movementSt: 0.5 });
    expect(subdued.arousal).toBeLessThan(-0.4);
    expect(subdued.hesitant).toBe(true);
    expect(subdued.emotions.sadness).toBeGreaterThan(0.2);
    expect(subdued.emotions.joy).toBe(0);
  });

  it("the first turn is read against itself (neutral), and the voice's weight grows with the baseline", () => {
    const baseline = new VoiceBaseline();
    const first = baseline.hear(sample(low, 1))!;
    expect(first.baselineTurns).toBe(0);
    expect(first.weight).toBe(0);
    expect(first.arousal).toBe(0);
    expect(first.emotions.calm).toBe(1);
    const weights = [0, 1, 2, 4, 8, 12].map(voiceWeight);
    for (let i = 1; i < weights.length; i++) expect(weights[i]!).toBeGreaterThan(weights[i - 1]!);
    expect(weights.at(-1)!).toBeLessThan(MAX_VOICE_WEIGHT);
    expect(baseline.hear(sample(low, 2))!.weight).toBeCloseTo(voiceWeight(1), 6);
  });

  it("is a serialisable value: a baseline restored from JSON reads the same", () => {
    const baseline = new VoiceBaseline();
    for (let seed = 1; seed <= 5; seed++) baseline.hear(sample(low, seed));
    const restored = new VoiceBaseline(JSON.parse(JSON.stringify(baseline.state())));
    const turn = sample({ ...low, amp: 9000 }, 42);
    expect(restored.read(turn)).toEqual(baseline.read(turn));
    expect(restored.turns).toBe(5);
  });

  it("silence has no voice to read, and a turn without one leaves the baseline as it was", () => {
    const baseline = new VoiceBaseline();
    const quiet = voiceSample(measureProsody(new Int16Array(16000), 16000));
    expect(quiet).toBeNull();
    expect(baseline.hear(quiet)).toBeNull();
    expect(baseline.turns).toBe(0);
  });
});

describe("words and voice blended, with where the scores came from", () => {
  const words = { joy: 0, sadness: 1, anger: 0, fear: 0, surprise: 0, calm: 0 };
  it("first turn: the words alone; later turns: words and voice; no words: the voice", () => {
    const first = new VoiceBaseline().read(sample(low, 1));
    expect(blendHeard(words, first)).toMatchObject({ source: "words", emotions: { sadness: 1 } });
    const later = readAfterRest(low, { ...low, amp: low.amp * 3, rate: 6 });
    const both = blendHeard(words, later);
    expect(both.source).toBe("words_and_voice");
    expect(both.emotions.sadness).toBeCloseTo(1 - later.weight, 2);
    expect(blendHeard(null, later)).toMatchObject({ source: "voice", emotions: later.emotions });
    expect(blendHeard(null, null)).toEqual({ emotions: { joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 1 }, voice: null });
  });
});
