// The hand-made word lexicon that scored emotions before the trained words model (worker/emotion/),
// kept only so `npm run bench -- emotion` and the training script can measure it beside the model on
// the same lines; no engine uses it. Scores cover EMOTIONS and sum to 1; "calm" takes the weight of
// text without emotional cues. Handles negation ("not happy") within its clause ("No, I'm happy" is
// happy: punctuation and "but" end a clause), a negated "stop" ("can't stop laughing" is joy), words
// that are a cue only in a phrase or a use ("fed up", "stop it", a plea for help), intensifiers
// ("really sad"), exclamation and question marks. Pure and deterministic.
import type { EmotionName, EmotionScores } from "../../protocol/call-messages";
import { emptyEmotions, normalizeEmotions } from "../../worker/emotion/scores";

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
    "sick",
  ],
  anger: [
    "angry", "mad", "furious", "annoyed", "annoying", "irritated", "hate", "hated", "rage", "outraged", "unfair",
    "ridiculous", "stupid", "frustrated", "frustrating", "damn", "worst", "disgusting", "unacceptable", "yell",
    "yelled",
  ],
  fear: [
    "afraid", "scared", "fear", "worried", "worry", "worrying", "anxious", "anxiety", "nervous", "panic",
    "terrified", "frightened", "stress", "stressed", "stressful", "unsure", "danger", "dangerous", "risk",
    "emergency", "overwhelmed", "dread",
  ],
  surprise: [
    "wow", "surprised", "surprise", "surprising", "unexpected", "suddenly", "whoa", "unbelievable",
    "incredible", "shocked", "shocking", "omg", "seriously",
  ],
};

const CALM_WORDS = ["calm", "fine", "okay", "ok", "relaxed", "peaceful", "alright", "steady", "quiet", "rest", "easy"];
const NEGATIONS = new Set([
  "not", "no", "never", "don't", "dont", "isn't", "isnt", "wasn't", "wasnt", "can't", "cant", "cannot", "couldn't", "couldnt",
  "didn't", "didnt", "doesn't", "doesnt", "aren't", "won't", "wouldn't", "nothing",
]);
const INTENSIFIERS = new Set(["very", "so", "really", "extremely", "super", "totally", "incredibly", "absolutely", "too"]);
/** End a clause: a negation or an intensifier before one does not reach the words after it. */
const BOUNDARIES = new Set([".", ",", ";", ":", "!", "?", "but"]);
/** Negated, these say the feeling goes on: "can't stop laughing", "couldn't help laughing". */
const CEASE = new Set(["stop", "stopped", "quit", "help"]);
/** Cues as a whole: their words alone are none ("I fed the dog", "the shop was shut") or another ("sick"). */
const PHRASES: ReadonlyArray<{ words: readonly string[]; emotion: EmotionName }> = [
  { words: ["fed", "up"], emotion: "anger" },
  { words: ["sick", "and", "tired"], emotion: "anger" },
  { words: ["sick", "of"], emotion: "anger" },
  { words: ["shut", "up"], emotion: "anger" },
  { words: ["stop", "it"], emotion: "anger" },
];
/** Words that may come before an imperative or a plea and keep it one: "please stop", "somebody help". */
const LEAD_INS = new Set(["please", "just", "oh", "now", "somebody", "someone"]);

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

/** Where the clause that holds tokens[i] ends: the index of its boundary, or tokens.length. */
function clauseEnd(tokens: readonly string[], i: number): number {
  let end = i + 1;
  while (end < tokens.length && !BOUNDARIES.has(tokens[end] ?? "")) end++;
  return end;
}

/** "help" as a plea ("Help!", "help me!", "please help", "help me" on its own), not "can you help me with…?". */
function isPlea(tokens: readonly string[], i: number, clauseStart: number): boolean {
  const end = clauseEnd(tokens, i);
  const boundary = tokens[end];
  if (boundary === "!") return true;
  if (boundary === "?") return false;
  if (tokens[i - 1] === "please") return true;
  return tokens.slice(clauseStart, i).every((w) => LEAD_INS.has(w)) && tokens.slice(i + 1, end).every((w) => w === "me" || w === "us");
}

/** The cue that starts at tokens[i]: its emotion and how many tokens it spans; null when there is none. */
function cueAt(tokens: readonly string[], i: number, clauseStart: number): { emotion: EmotionName; length: number } | null {
  for (const { words, emotion } of PHRASES) {
    if (words.every((w, k) => tokens[i + k] === w)) return { emotion, length: words.length };
  }
  const token = tokens[i] ?? "";
  // "stop" is anger as an imperative ("Stop!", "please stop yelling"), not in "the bus stop".
  if (token === "stop") return tokens.slice(clauseStart, i).every((w) => LEAD_INS.has(w)) ? { emotion: "anger", length: 1 } : null;
  if (token === "help") return isPlea(tokens, i, clauseStart) ? { emotion: "fear", length: 1 } : null;
  const emotion = LOOKUP.get(token) ?? LOOKUP.get(token.replace(/(ing|ed|s)$/, ""));
  return emotion ? { emotion, length: 1 } : null;
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
    const cue = cueAt(tokens, i, clauseStart);
    if (!cue) continue;
    let weight = 1;
    let negated = false;
    let ceased = false;
    for (let back = 1; back <= 3 && i - back >= clauseStart; back++) {
      const before = tokens[i - back] ?? "";
      if (NEGATIONS.has(before)) {
        // "can't stop laughing": what is negated is the stopping; the feeling goes on, strongly.
        negated = !ceased;
        if (ceased) weight = 1.6;
      }
      if (CEASE.has(before)) ceased = true;
      if (back === 1 && INTENSIFIERS.has(before)) weight = 1.6;
    }
    weights[negated ? NEGATED[cue.emotion] : cue.emotion] += weight;
    cues++;
    i += cue.length - 1;
  }
  return { weights, cues };
}

/** Emotion scores of a text: cue weights plus a calm baseline that fades as cues accumulate. */
export function lexiconEmotions(text: string): EmotionScores {
  const { weights } = lexiconCues(text);
  return normalizeEmotions({ ...weights, calm: weights.calm + 0.6 });
}
