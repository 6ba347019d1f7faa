// The one form the safety patterns read (worker/safety/patterns.ts): lowercase words of letters and
// digits separated by single spaces, apostrophes dropped ("don't" → "dont", "I'm" → "im"), spelled-out
// and spoken variants folded into one spelling ("i am" → "im", "gonna" → "going to", "kill my self" →
// "kill myself"). Typed text and speech-to-text output (no punctuation, often all lowercase) end up the
// same, so one pattern serves both. A few common typos of the words that matter are folded too ("kil",
// "suicidle", "cant breath", "he od'd").

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
  // Common typos and speech-to-text slips of the words that matter.
  [/\bkil+\b/g, "kill"],
  [/\b(?:myslef|mysefl|myslf|mysef|mself|my sefl)\b/g, "myself"],
  [/\b(?:suicidle|suicidel|suicidial|sucidal|suicdal|suisidal|suacidal)\b/g, "suicidal"],
  [/\b(?:suicde|sucide|suiside|suicied|suacide|suiscide|sucicide)\b/g, "suicide"],
  [/\b(cant|couldnt|not|stopped|isnt|wasnt|trouble|hard to|barely|struggling to|unable to|difficulty) breath\b/g, "$1 breathe"],
  [/\b(i|he|she|they|hes|shes|ive|has|have|just|had) (?:odd|oded|od ed)(?= on| last| again| and| yesterday| tonight| earlier|$)/g, "$1 overdosed"],
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
