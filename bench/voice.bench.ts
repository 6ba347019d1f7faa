// The voice read against the caller's own baseline (worker/pipeline/hearing/voice-baseline.ts) beside
// the absolute thresholds it replaced (scripts/emotion/absolute-prosody.ts), in the same run, on
// synthetic speakers (scripts/emotion/synthetic-voice.ts) — no labelled emotional speech is available
// here, so these are labelled by construction, not human-rated. 12 speakers from 85 to 260 Hz at
// different resting levels and rates; each says 4 turns at rest (the baseline), then labelled turns:
// rest, aroused (up to ≈ +9 dB, 1.6× the rate, livelier pitch) and subdued (up to −6 dB, 0.65× the
// rate, flatter), each at three strengths (a half, three quarters and all of that).
// A turn's class is its top emotion: joy/anger/fear/surprise → aroused, sadness → subdued, calm → rest.
// Also the per-turn cost of reading a turn against the baseline (the prosody itself is measured from
// the VAD's frames either way). Needs no app. Target: baseline macro-recall ≥ 0.8 (issue 40 §2).
import { absoluteProsodyEmotions } from "../scripts/emotion/absolute-prosody";
import { speakerTurn, type Speaker } from "../scripts/emotion/synthetic-voice";
import type { EmotionScores } from "../protocol/call-messages";
import { measureProsody, topEmotions, type Prosody } from "../worker/pipeline/hearing/prosody";
import { VoiceBaseline, voiceSample } from "../worker/pipeline/hearing/voice-baseline";
import { defineBench, type Figure, stats } from "./support/bench";

type Label = "rest" | "aroused" | "subdued";
const LABELS: Label[] = ["rest", "aroused", "subdued"];

function classOf(scores: EmotionScores): Label {
  const top = topEmotions(scores, 1)[0]?.emotion;
  return top === "calm" ? "rest" : top === "sadness" ? "subdued" : "aroused";
}

function speakers(): Speaker[] {
  const out: Speaker[] = [];
  for (let i = 0; i < 12; i++) {
    const pitchHz = 85 * (260 / 85) ** (i / 11);
    out.push({ pitchHz, amp: [2500, 5000, 9000][i % 3]!, rate: [3, 3.6, 4.3, 3.3][i % 4]!, movementSt: [0.8, 1.2, 1.6][i % 3]! });
  }
  return out;
}

/** `s` aroused or subdued by `k` (0 … 1) of the full change, in log terms. */
function variant(s: Speaker, label: Label, k: number): Speaker {
  const by = (full: number) => full ** k;
  if (label === "aroused") return { ...s, amp: s.amp * by(2.8), rate: s.rate * by(1.6), movementSt: s.movementSt * by(1.5) };
  if (label === "subdued") return { ...s, amp: s.amp * by(0.5), rate: s.rate * by(0.65), movementSt: s.movementSt * by(0.5) };
  return s;
}
const STRENGTHS = [0.5, 0.75, 1];

interface Tally {
  hits: Record<Label, number>;
  total: Record<Label, number>;
}

const recall = (t: Tally, l: Label) => t.hits[l] / Math.max(1, t.total[l]);
const macro = (t: Tally) => LABELS.reduce((sum, l) => sum + recall(t, l), 0) / LABELS.length;
const zero = (): Record<Label, number> => ({ rest: 0, aroused: 0, subdued: 0 });

export default defineBench({
  name: "voice",
  async run(ctx) {
    const ours: Tally = { hits: zero(), total: zero() };
    const before: Tally = { hits: zero(), total: zero() };
    const readUs: number[] = [];
    for (const [si, speaker] of speakers().entries()) {
      const baseline = new VoiceBaseline();
      for (let seed = 1; seed <= 4; seed++) baseline.hear(voiceSample(measureProsody(speakerTurn(speaker, 100 * si + seed), 16000)));
      for (const label of LABELS) {
        for (const [k, strength] of STRENGTHS.entries()) {
          const p: Prosody = measureProsody(speakerTurn(variant(speaker, label, strength), 100 * si + 50 + k), 16000);
          const t0 = performance.now();
          const reading = baseline.read(voiceSample(p));
          readUs.push((performance.now() - t0) * 1000);
          for (const [tally, scores] of [[ours, reading?.emotions ?? { calm: 1 }], [before, absoluteProsodyEmotions(p)]] as const) {
            tally.total[label]++;
            if (classOf(scores) === label) tally.hits[label]++;
          }
        }
      }
    }
    for (const [name, t] of [["baseline (now)", ours], ["absolute (before)", before]] as const) {
      ctx.log(`${name}: macro-recall ${macro(t).toFixed(3)} — ${LABELS.map((l) => `${l} ${t.hits[l]}/${t.total[l]}`).join(", ")}`);
    }
    const s = stats(readUs);
    ctx.log(`read against the baseline, per turn (Node ${process.version}): p50 ${s.p50.toFixed(1)} µs, p95 ${s.p95.toFixed(1)} µs`);
    const figures: Figure[] = [
      { name: "synthetic speakers: baseline macro-recall", value: macro(ours), unit: "", target: { kind: "min", value: 0.8 } },
      { name: "synthetic speakers: absolute (before) macro-recall", value: macro(before), unit: "" },
      { name: "synthetic speakers: baseline rest read calm", value: recall(ours, "rest") * 100, unit: "%" },
      { name: "synthetic speakers: absolute (before) rest read calm", value: recall(before, "rest") * 100, unit: "%" },
      { name: "baseline read per turn p95", value: s.p95, unit: "µs" },
    ];
    return figures;
  },
});
