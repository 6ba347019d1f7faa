import { describe, expect, it } from "vitest";
import { EMOTIONS } from "../../../../protocol/call-messages";
import { lexiconEmotions } from "../../../../worker/ai/lexicon";
import { sentimentEmotions } from "../../../../worker/ai/workers-ai/sentiment";
import { concatPcm } from "../../../../worker/audio/pcm";
import { blendEmotions, countSyllablePeaks, measureProsody, prosodyEmotions, prosodyFromFrames, topEmotions } from "../../../../worker/pipeline/hearing/prosody";
import { TurnDetector } from "../../../../worker/pipeline/turns/end-of-turn";
import { loadFixture, silence } from "../../support/fixtures";

const top = (scores: Record<string, number>) => topEmotions(scores, 1)[0]!.emotion;
const sum = (scores: Record<string, number>) => Object.values(scores).reduce((a, b) => a + b, 0);

/** A glottal-pulse-like tone with a pitch contour, for prosody tests. */
function voice(ms: number, pitch: (t: number) => number, amp: number, syllableHz = 0): Int16Array {
  const out = new Int16Array(ms * 16);
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / 16000;
    phase = (phase + pitch(t) / 16000) % 1;
    const env = syllableHz ? 0.55 + 0.45 * Math.sin(2 * Math.PI * syllableHz * t) : 1;
    out[i] = Math.round(amp * env * (phase < 0.6 ? phase / 0.6 - 0.5 : 0.5 - (phase - 0.6) / 0.4));
  }
  return out;
}

describe("lexicon emotions (words)", () => {
  it("scores every emotion in [0, 1], summing to 1", () => {
    const s = lexiconEmotions("I am so happy today!");
    expect(Object.keys(s).sort()).toEqual([...EMOTIONS].sort());
    expect(Object.values(s).every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(sum(s)).toBeCloseTo(1, 2);
  });

  it("finds the emotion in the words", () => {
    expect(top(lexiconEmotions("I had a wonderful, amazing day"))).toBe("joy");
    expect(top(lexiconEmotions("I feel so sad and lonely"))).toBe("sadness");
    expect(top(lexiconEmotions("This is ridiculous, I'm furious"))).toBe("anger");
    expect(top(lexiconEmotions("I'm worried and anxious about tomorrow"))).toBe("fear");
    expect(top(lexiconEmotions("Wow, that was unexpected"))).toBe("surprise");
    expect(top(lexiconEmotions("Please read me the report"))).toBe("calm");
  });

  it("handles negation and intensifiers", () => {
    expect(top(lexiconEmotions("I am not happy"))).toBe("sadness");
    expect(lexiconEmotions("I am not worried").fear).toBe(0);
    expect(lexiconEmotions("I am really sad").sadness).toBeGreaterThan(lexiconEmotions("I am sad").sadness!);
  });

  it("a negation stops at the end of its clause (punctuation, \"but\")", () => {
    for (const text of ["No, I'm happy.", "No. I'm thrilled.", "No — I'm glad", "I'm not rich but happy"]) {
      const s = lexiconEmotions(text);
      expect(top(s), text).toBe("joy");
      expect(s.sadness, text).toBe(0);
    }
    // "Don't worry" is still negated (calm, not fear); the happiness after the comma is not.
    expect(lexiconEmotions("Don't worry, I'm happy")).toMatchObject({ joy: 0.385, sadness: 0, fear: 0, calm: 0.615 });
    expect(top(lexiconEmotions("I'm not happy, honestly."))).toBe("sadness");
  });

  it("a negated stop keeps the feeling going: \"can't stop laughing\" is joy", () => {
    for (const text of ["I can't stop laughing", "I couldn't stop laughing", "I can't help laughing"]) {
      const s = lexiconEmotions(text);
      expect(top(s), text).toBe("joy");
      expect([s.sadness, s.anger, s.fear], text).toEqual([0, 0, 0]);
    }
    expect(lexiconEmotions("I can't stop laughing").joy).toBeGreaterThan(lexiconEmotions("I am laughing").joy!);
  });

  it("sick, fed, stop, shut and help are cues only where they mean one", () => {
    for (const text of ["Can you help me with my homework?", "The bus stop is near", "I fed the dog", "I stopped at the shop", "The shop was shut", "She helped me move"]) {
      expect(lexiconEmotions(text), text).toMatchObject({ anger: 0, fear: 0, calm: expect.any(Number) });
    }
    expect(top(lexiconEmotions("I feel sick"))).toBe("sadness");
    expect(lexiconEmotions("I feel sick").anger).toBe(0);
    for (const text of ["I'm fed up with this", "I'm sick of it", "I'm sick and tired of waiting", "Stop it", "Please stop yelling at me", "Shut up"]) {
      expect(top(lexiconEmotions(text)), text).toBe("anger");
    }
    for (const text of ["Help me!", "help me", "Please help, I'm scared", "Somebody help us"]) {
      expect(top(lexiconEmotions(text)), text).toBe("fear");
    }
  });
});

describe("sentiment → emotions (workers-ai)", () => {
  it("maps positive sentiment to joy and negative to the emotion the words suggest", () => {
    expect(top(sentimentEmotions("That went great", 0.98))).toBe("joy");
    expect(top(sentimentEmotions("The meeting was moved", 0.02))).toBe("sadness");
    expect(top(sentimentEmotions("I'm scared of the test", 0.03))).toBe("fear");
    expect(top(sentimentEmotions("ok", 0.5))).toBe("calm");
    expect(sum(sentimentEmotions("whatever", 0.3))).toBeCloseTo(1, 2);
  });
});

describe("prosody (voice)", () => {
  it("measures pitch, loudness and speaking rate of the espeak fixture", () => {
    const p = measureProsody(loadFixture("speech-hello"), 16000);
    expect(p.pitchHz).toBeGreaterThan(80);
    expect(p.pitchHz).toBeLessThan(200);
    expect(p.levelDb).toBeGreaterThan(-35);
    expect(p.levelDb).toBeLessThan(-5);
    // "Hello, I had a really good day today." ≈ 11 syllables in ≈ 1.9 s.
    expect(p.syllablesPerSec).toBeGreaterThan(3);
    expect(p.syllablesPerSec).toBeLessThan(8);
  });

  it("finds a tone's pitch and its movement", () => {
    const flat = measureProsody(voice(1000, () => 150, 8000), 16000);
    expect(flat.pitchHz).toBeGreaterThan(140);
    expect(flat.pitchHz).toBeLessThan(160);
    expect(flat.pitchRangeSt).toBeLessThan(0.5);
    const moving = measureProsody(voice(1000, (t) => 150 + 100 * Math.sin(2 * Math.PI * 2 * t), 8000), 16000);
    expect(moving.pitchRangeSt).toBeGreaterThan(2);
  });

  it("counts syllable-like peaks in the level envelope", () => {
    const syllable = [-60, -60, -30, -20, -25, -60];
    expect(countSyllablePeaks([...syllable, ...syllable, ...syllable, -60])).toBe(3);
    expect(countSyllablePeaks([-20, -21, -20, -21, -20])).toBe(0); // ripples under 4 dB
    expect(countSyllablePeaks([])).toBe(0);
  });

  it("reads loud, fast, flat speech as anger and quiet, slow, flat speech as sadness or calm", () => {
    const angry = prosodyEmotions({ levelDb: -12, pitchHz: 140, pitchRangeSt: 0.8, syllablesPerSec: 6.5, voicedRatio: 0.7, durationMs: 2000 });
    expect(top(angry)).toBe("anger");
    const low = prosodyEmotions({ levelDb: -40, pitchHz: 100, pitchRangeSt: 0.5, syllablesPerSec: 2, voicedRatio: 0.6, durationMs: 2000 });
    expect(["sadness", "calm"]).toContain(top(low));
    expect(low.joy).toBeLessThan(0.1);
    const lively = prosodyEmotions({ levelDb: -15, pitchHz: 240, pitchRangeSt: 5, syllablesPerSec: 5, voicedRatio: 0.7, durationMs: 2000 });
    expect(["joy", "surprise"]).toContain(top(lively));
    expect(prosodyEmotions(measureProsody(silence(1000), 16000))).toMatchObject({ calm: 1 });
  });

  it("reuses the VAD's frame analysis of a turn and agrees with measuring the audio again", () => {
    const [end] = new TurnDetector().push(concatPcm([loadFixture("speech-hello"), silence(500)])).filter((e) => e.type === "turn_end");
    if (end?.type !== "turn_end") throw new Error("no turn");
    expect(end.frames.length).toBe(end.audio.length / 320);
    const fromVad = prosodyFromFrames(end.frames);
    const again = measureProsody(end.audio, 16000);
    expect(Math.abs(fromVad.pitchHz! - again.pitchHz!) / again.pitchHz!).toBeLessThan(0.1);
    expect(Math.abs(fromVad.syllablesPerSec - again.syllablesPerSec)).toBeLessThan(1);
  });

  it("scores a real recording: sums to 1", () => {
    const s = prosodyEmotions(measureProsody(concatPcm([loadFixture("speech-wait")]), 16000));
    expect(sum(s)).toBeCloseTo(1, 2);
  });
});

describe("blending", () => {
  it("weights the parts and renormalises", () => {
    const b = blendEmotions([
      { scores: { joy: 1 }, weight: 0.6 },
      { scores: { calm: 1 }, weight: 0.4 },
    ]);
    expect(b.joy).toBeCloseTo(0.6, 3);
    expect(b.calm).toBeCloseTo(0.4, 3);
    expect(blendEmotions([])).toMatchObject({ calm: 1, joy: 0 });
  });
});
