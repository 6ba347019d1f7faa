// How a reply is said, from the caller's emotions and the Echo's voice style: slower, lower and softer
// for sadness or fear, brighter (a touch faster and higher) for joy, steady (even, a little slower and
// lower) for anger, the voice as it is otherwise. The amount follows how clearly the caller shows it.
// Engines take what they can of it (AiProvider.synthesize): flite and the offline synthesizer the pace,
// pitch and level, OpenAI's gpt-4o-mini-tts the instructions, Aura nothing beyond its speaker. Pure.
import type { EmotionScores } from "../../../protocol/call-messages";
import type { Delivery } from "../../../protocol/delivery";
import type { VoiceStyle } from "../../../protocol/echo";

type Tone = Delivery["tone"];

/** Each tone at full strength (rate, pitch in semitones, volume) and what a speech model is told. */
const TONES: Record<Tone, { rate: number; pitchSt: number; volume: number; words: string }> = {
  neutral: { rate: 1, pitchSt: 0, volume: 1, words: "" },
  soft: { rate: 0.88, pitchSt: -1.5, volume: 0.8, words: "The caller sounds low or worried: speak slowly and softly, gently and reassuringly, with small pauses." },
  bright: { rate: 1.06, pitchSt: 1.5, volume: 1, words: "The caller sounds happy: sound bright and warm, smiling, with lively intonation." },
  steady: { rate: 0.94, pitchSt: -1, volume: 0.92, words: "The caller sounds upset: speak calmly and steadily, even-paced and unhurried; never cheerful, never defensive." },
};

const STYLE_WORDS: Record<VoiceStyle, string> = {
  default: "A natural, friendly voice.",
  warm: "A warm, caring voice.",
  energetic: "An energetic, upbeat voice.",
  authoritative: "A confident, clear, measured voice.",
  gentle: "A soft, gentle voice.",
};

/** The emotions each tone answers. */
const TONE_OF: Array<[Tone, Array<keyof EmotionScores>]> = [
  ["soft", ["sadness", "fear"]],
  ["bright", ["joy"]],
  ["steady", ["anger"]],
];

/** Below this share a feeling is not acted on; the tone reaches full strength FULL_AT above it. */
const THRESHOLD = 0.3;
const FULL_AT = 0.35;

const round = (v: number, places = 3) => Math.round(v * 10 ** places) / 10 ** places;

/** The voice as it is, in this style (a greeting, or a caller who shows nothing in particular). */
export function neutralDelivery(style: VoiceStyle): Delivery {
  return { tone: "neutral", rate: 1, pitchSt: 0, volume: 1, instructions: STYLE_WORDS[style] };
}

/** The delivery for a reply to a caller who feels `emotions`, in the Echo's `style`. */
export function deliveryFor(emotions: EmotionScores, style: VoiceStyle): Delivery {
  let best: { tone: Tone; score: number } = { tone: "neutral", score: 0 };
  for (const [tone, names] of TONE_OF) {
    const score = names.reduce((sum, name) => sum + (emotions[name] ?? 0), 0);
    if (score > best.score) best = { tone, score };
  }
  const strength = Math.min(1, Math.max(0, (best.score - THRESHOLD) / FULL_AT));
  if (strength === 0) return neutralDelivery(style);
  // An energetic voice keeps some of its lift when softened; a gentle one needs less softening.
  const damp = (style === "energetic" && best.tone === "soft") || (style === "gentle" && best.tone !== "bright") ? 0.7 : 1;
  const tone = TONES[best.tone];
  const k = strength * damp;
  return {
    tone: best.tone,
    rate: round(1 + (tone.rate - 1) * k),
    pitchSt: round(tone.pitchSt * k, 2),
    volume: round(1 + (tone.volume - 1) * k),
    instructions: `${STYLE_WORDS[style]} ${tone.words}`,
  };
}

/** True when two deliveries would sound the same (e.g. a prepared sentence can be reused). */
export function sameDelivery(a: Delivery | undefined, b: Delivery | undefined): boolean {
  if (!a || !b) return a === b;
  return a.tone === b.tone && a.rate === b.rate && a.pitchSt === b.pitchSt && a.volume === b.volume && a.instructions === b.instructions;
}
