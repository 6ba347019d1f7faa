// Lexicon-based emotion scoring of text, used by both providers (the offline one on its own, the
// Workers AI one blended with a sentiment model). Scores cover EMOTIONS and sum to 1; "calm" takes the
// weight of text without emotional cues. Handles negation ("not happy") within its clause ("No, I'm
// happy" is happy: punctuation and "but" end a clause), intensifiers ("really sad"), exclamation and
// question marks. Pure and deterministic.
import { EMOTIONS, type EmotionName, type EmotionScores } from "../../protocol/call";

const WORDS: Record<Exclude<EmotionName, "calm">, string[]> = {
  joy: [
    "happy", "glad", "great", "good", "wonderful", "amazing", "awesome", "love", "loved", "lovely", "excited",
    "exciting", "fantastic", "excellent", "fun", "enjoy", "enjoyed", "delighted", "thrilled", "yay", "thanks",
    "thank", "grateful", "proud", "beautiful", "perfect", "nice", "brilliant", "celebrate", "laugh", "smile",
    "hooray", "best", "win", "won", "cheerful", "pleased", "joy",
  ],
  sadness: [
    "sad", "unhappy", "depressed", "down", "lonely", "alone", "miss", "missed", "cry", "crying", "cried",
    "hurt", "lost", "loss", "grief", "grieving", "tired", "exhausted", "hopeless", "sorry", "disappointed",
    "heartbroken", "miserable", "empty", "bad", "awful", "terrible", "died", "death", "funeral", "broke", "failed",
  ],
  anger: [
    "angry", "mad", "furious", "annoyed", "annoying", "irritated", "hate", "hated", "rage", "outraged", "unfair",
    "ridiculous", "stupid", "sick", "fed", "frustrated", "frustrating", "stop", "damn", "worst", "disgusting",
    "unacceptable", "yell", "yelled", "shut",
  ],
  fear: [
    "afraid", "scared", "fear", "worried", "worry", "worrying", "anxious", "anxiety", "nervous", "panic",
    "terrified", "frightened", "stress", "stressed", "stressful", "unsure", "danger", "dangerous", "risk",
    "help", "emergency", "overwhelmed", "dread",
  ],
  surprise: [
    "wow", "surprised", "surprise", "surprising", "unexpected", "suddenly", "whoa", "unbelievable",
    "incredible", "shocked", "shocking", "omg", "seriously",
  ],
};

const CALM_WORDS = ["calm", "fine", "okay", "ok", "relaxed", "peaceful", "alright", "steady", "quiet", "rest", "easy"];
const NEGATIONS = new Set(["not", "no", "never", "don't", "dont", "isn't", "isnt", "wasn't", "wasnt", "can't", "cant", "didn't", "didnt", "aren't", "won't", "nothing"]);
const INTENSIFIERS = new Set(["very", "so", "really", "extremely", "super", "totally", "incredibly", "absolutely", "too"]);
/** End a clause: a negation or an intensifier before one does not reach the words after it. */
const BOUNDARIES = new Set([".", ",", ";", ":", "!", "?", "but"]);

const LOOKUP = new Map<string, EmotionName>();
for (const [emotion, words] of Object.entries(WORDS) as Array<[EmotionName, string[]]>) {
  for (const w of words) if (!LOOKUP.has(w)) LOOKUP.set(w, emotion);
}
for (const w of CALM_WORDS) LOOKUP.set(w, "calm");

/** What a negated emotion word suggests instead ("not happy" → sadness, "not worried" → calm). */
const NEGATED: Record<EmotionName, EmotionName> = {
  joy: "sadness",
  sadness: "calm",
  anger: "calm",
  fear: "calm",
  surprise: "calm",
  calm: "fear",
};

export function emptyEmotions(): Record<EmotionName, number> {
  return { joy: 0, sadness: 0, anger: 0, fear: 0, surprise: 0, calm: 0 };
}

/** Scales raw weights to scores that sum to 1 (all calm when there is no weight at all), 3 decimals. */
export function normalizeEmotions(raw: Partial<Record<string, number>>): EmotionScores {
  let total = 0;
  for (const e of EMOTIONS) total += Math.max(0, raw[e] ?? 0);
  const out: EmotionScores = {};
  for (const e of EMOTIONS) out[e] = total > 0 ? Math.round((Math.max(0, raw[e] ?? 0) / total) * 1000) / 1000 : e === "calm" ? 1 : 0;
  return out;
}

/** Raw cue weights found in the text (before normalisation) and how many cues there were. */
export function lexiconCues(text: string): { weights: Record<EmotionName, number>; cues: number } {
  const weights = emptyEmotions();
  const tokens = text.toLowerCase().replace(/[’']/g, "'").replace(/[—–]/g, ",").match(/[a-z']+|[!?.,;:]/g) ?? [];
  let cues = 0;
  let clauseStart = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    if (token === "!") {
      weights.surprise += 0.3;
      weights.joy += 0.2;
    } else if (token === "?") {
      weights.surprise += 0.15;
    }
    if (BOUNDARIES.has(token)) {
      clauseStart = i + 1;
      continue;
    }
    const emotion = LOOKUP.get(token) ?? LOOKUP.get(token.replace(/(ing|ed|s)$/, ""));
    if (!emotion) continue;
    let weight = 1;
    let negated = false;
    for (let back = 1; back <= 3 && i - back >= clauseStart; back++) {
      const before = tokens[i - back] ?? "";
      if (NEGATIONS.has(before)) negated = true;
      if (back === 1 && INTENSIFIERS.has(before)) weight = 1.6;
    }
    weights[negated ? NEGATED[emotion] : emotion] += weight;
    cues++;
  }
  return { weights, cues };
}

/** Emotion scores of a text: cue weights plus a calm baseline that fades as cues accumulate. */
export function lexiconEmotions(text: string): EmotionScores {
  const { weights } = lexiconCues(text);
  return normalizeEmotions({ ...weights, calm: weights.calm + 0.6 });
}
