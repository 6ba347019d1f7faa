// The words model's features of a text, shared by training (scripts/train-emotions.ts) and inference
// (words-model.ts), so both read text the same way. Lowercase; curly apostrophes straightened and then
// dropped ("don't" and "dont" are one word, as speech-to-text writes either); the data set's masks
// ([NAME], [RELIGION]) become one token each; digits become "0". Features: each word (marked "~word"
// when a negation earlier in its clause reaches it: "not happy" → "~happy"), each pair of neighbouring
// tokens ("so happy", "^ why" at the start), "!" and "?" themselves, and a length bucket. Pure.

/** Words that negate what follows them, up to the clause's end (apostrophes already dropped). */
const NEGATIONS: ReadonlySet<string> = new Set([
  "not", "no", "never", "nor", "neither", "nobody", "nothing", "none", "nowhere", "without", "hardly",
  "dont", "doesnt", "didnt", "cant", "cannot", "couldnt", "wont", "wouldnt", "isnt", "arent", "wasnt",
  "werent", "havent", "hasnt", "hadnt", "shouldnt", "aint", "mustnt", "neednt",
]);
/** Tokens that end a clause: a negation before one does not reach the words after it. */
const BOUNDARIES: ReadonlySet<string> = new Set([".", ",", ";", ":", "!", "?", "but", "and", "though", "although", "however"]);
const PUNCTUATION = /^[!?.,;:]$/;
/** How many words after a negation it marks (within the clause). */
const NEGATION_REACH = 3;

/** The text's tokens: words, the data set's masks as "<name>"/"<religion>", and punctuation that bounds clauses. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/\[name\]/g, " <name> ")
      .replace(/\[religion\]/g, " <religion> ")
      .replace(/[‘’`´]/g, "'")
      .replace(/'/g, "")
      .replace(/[—–]/g, ",")
      .replace(/\d+/g, "0")
      .match(/<name>|<religion>|[a-z0-9]+|[!?.,;:]/g) ?? []
  );
}

/** A rough length class: very short lines lean neutral, long ones carry more cues. */
function lengthBucket(words: number): string {
  return words <= 2 ? "#len:1" : words <= 6 ? "#len:2" : words <= 15 ? "#len:3" : "#len:4";
}

/** The distinct features of a text, in first-seen order (empty for a text with no tokens). */
export function textFeatures(text: string): string[] {
  const tokens = tokenize(text);
  if (tokens.length === 0) return [];
  const out = new Set<string>();
  let negatedLeft = 0;
  let words = 0;
  let previous = "^";
  for (const token of tokens) {
    if (BOUNDARIES.has(token)) negatedLeft = 0;
    if (PUNCTUATION.test(token)) {
      const mark = token === "!" || token === "?";
      if (mark) out.add(token);
      out.add(`${previous} ${token}`);
      previous = mark ? token : "^";
      continue;
    }
    words++;
    out.add(negatedLeft > 0 ? `~${token}` : token);
    out.add(`${previous} ${token}`);
    previous = token;
    if (NEGATIONS.has(token)) negatedLeft = NEGATION_REACH;
    else if (negatedLeft > 0) negatedLeft--;
  }
  if (words === 0) return [];
  out.add(lengthBucket(words));
  return [...out];
}

/** What each feature of a line adds: 1/√(its number of features), so long lines don't outshout short ones. */
export function featureValue(featureCount: number): number {
  return featureCount > 0 ? 1 / Math.sqrt(featureCount) : 0;
}
