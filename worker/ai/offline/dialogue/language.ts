// What the dialogue manager needs from a language library: the caller's words as tokens with a
// part-of-speech tag (Universal Dependencies tags), and the contractions of "I", "you", "we", "it"…
// spelt out first ("I'm" → "I am"), so every tagger sees the same words. Two implementations:
// the wink-nlp tagger (worker/ai/local/wink-language.ts, local builds only) and the small built-in
// lexicon tagger (light-tagger.ts, the offline engine and production). Pure.

export type Pos = "PRON" | "DET" | "NOUN" | "PROPN" | "VERB" | "AUX" | "ADJ" | "ADV" | "ADP" | "CCONJ" | "SCONJ" | "PART" | "INTJ" | "NUM" | "PUNCT" | "X";

export interface Token {
  /** As written (after contractions were spelt out). */
  text: string;
  lower: string;
  pos: Pos;
}

export interface Language {
  /** For the figures: "wink-nlp" or "lexicon". */
  readonly name: string;
  tag(text: string): Token[];
}

const SPELT_OUT: Array<[RegExp, string]> = [
  [/\b([Ii])'m\b/g, "$1 am"],
  [/\bim\b/g, "I am"],
  [/\b([Ii])'ve\b/g, "$1 have"],
  [/\b([Ii])'ll\b/g, "$1 will"],
  [/\b([Ii])'d\b/g, "$1 would"],
  [/\b(you|we|they)'re\b/gi, "$1 are"],
  [/\b(you|we|they)'ve\b/gi, "$1 have"],
  [/\b(you|we|they|he|she|it)'ll\b/gi, "$1 will"],
  [/\b(it|that|what|there|here|who|where|how|he|she)'s\b/gi, "$1 is"],
  [/\bwhats\b/gi, "what is"],
  [/\b(can)'t\b/gi, "$1 not"],
  [/\bwon't\b/gi, "will not"],
  [/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)n't\b/gi, "$1 not"],
];

/** Straight apostrophes, contractions of pronouns and negations spelt out, spaces squeezed. */
export function spellOut(text: string): string {
  let out = text.replace(/[‘’]/g, "'");
  for (const [pattern, replacement] of SPELT_OUT) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, " ").trim();
}

/** The words only (no punctuation), lowercase. */
export function wordsOf(tokens: readonly Token[]): string[] {
  return tokens.filter((t) => t.pos !== "PUNCT").map((t) => t.lower);
}
