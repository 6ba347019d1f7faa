// The one form the safety patterns read (worker/safety/patterns.ts): lowercase words of letters and
// digits separated by single spaces, apostrophes dropped ("don't" → "dont", "I'm" → "im"), spelled-out
// and spoken variants folded into one spelling ("i am" → "im", "gonna" → "going to", "kill my self" →
// "kill myself"). Typed text and speech-to-text output (no punctuation, often all lowercase) end up the
// same, so one pattern serves both.

/** Word sequences folded to one spelling, applied in order on the space-separated form. */
const FOLDS: readonly (readonly [RegExp, string])[] = [
  [/\bi am\b/g, "im"],
  [/\bi m\b/g, "im"],
  [/\b(he|she|it|that|there|what) is\b/g, "$1s"],
  [/\b(they|we|you) are\b/g, "$1re"],
  [/\b(do|does|did|is|are|was|were|would|could|should|has|have|had) not\b/g, "$1nt"],
  [/\b(?:can not|cannot)\b/g, "cant"],
  [/\bwill not\b/g, "wont"],
  [/\b(i|he|she|we|they|you) will\b/g, "$1ll"],
  [/\b(i|he|she|we|they|you) would\b/g, "$1d"],
  [/\b(i|you|we|they) have\b/g, "$1ve"],
  [/\bgonna\b/g, "going to"],
  [/\bwanna\b/g, "want to"],
  [/\bgotta\b/g, "got to"],
  [/\btryna\b/g, "trying to"],
  [/\b(my|him|her|your|it) self\b/g, "$1self"],
  [/\bthem ?sel(?:f|ves)\b/g, "themselves"],
  [/\bkms\b/g, "kill myself"],
  [/\bsewer ?slide\b/g, "suicide"],
  [/\bun alive\b/g, "unalive"],
  [/\bself (harm|harming|injury|injure)\b/g, "selfharm"],
];

export function normalizeForSafety(text: string): string {
  let t = text
    .toLowerCase()
    .replace(/['’‘`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  for (const [from, to] of FOLDS) t = t.replace(from, to);
  return t;
}
