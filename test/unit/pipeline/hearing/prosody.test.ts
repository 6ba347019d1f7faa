import { describe, expect, it } from "vitest";
import { concatPcm } from "../../../../worker/audio/pcm";
import { blendEmotions, countSyllablePeaks, measureProsody, prosodyFromFrames } from "../../../../worker/pipeline/hearing/prosody";
import { TurnDetector } from "../../../../worker/pipeline/turns/end-of-turn";
import { loadFixture, silence } from "../../support/fixtures";


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

  it("reuses the VAD's frame analysis of a turn and agrees with measuring the audio again", () => {
    const [end] = new TurnDetector().push(concatPcm([loadFixture("speech-hello"), silence(500)])).filter((e) => e.type === "turn_end");
    if (end?.type !== "turn_end") throw new Error("no turn");
    expect(end.frames.length).toBe(end.audio.length / 320);
    const fromVad = prosodyFromFrames(end.frames);
    const again = measureProsody(end.audio, 16000);
    expect(Math.abs(fromVad.pitchHz! - again.pitchHz!) / again.pitchHz!).toBeLessThan(0.1);
    expect(Math.abs(fromVad.syllablesPerSec - again.syllablesPerSec)).toBeLessThan(1);
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
