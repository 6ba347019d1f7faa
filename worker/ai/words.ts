// The words of a caller's text that may name what they talked about, for the offline replies ("You
// mentioned …") and the summary's topics: lowercase, curly apostrophes straightened, a possessive or
// contracted "'s" stripped ("sister's" → "sister", "it's" → "it"), and function words left out — among
// them every other contraction ("can't", "I'm", "you're", "we'll"), with or without its apostrophe. Pure.

/** Words that never name a topic: pronouns, auxiliaries, fillers and the contractions built from them. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    "a about after again also always am an and any are as at be because been before being but by can " +
    "cannot could did do does doing every for from going gonna got had has have he her here hers him his " +
    "how i if in into is it its just know let like little maybe me more most much my need of oh okay ok on " +
    "or our ours out over really right she should so some still sure than thank thanks that the their " +
    "theirs them then there these they thing things think this those through to too up us very want wanna " +
    "was we were what when where which while who whom why will with would yeah yes you your yours " +
    "honestly actually " +
    // Contractions written without their apostrophe (speech-to-text and typing often drop it); not the
    // ones that are words of their own ("ill", "shed", "wed", "hell", "wont").
    "aint arent cant couldnt didnt doesnt dont hadnt hasnt havent hes im isnt itll ive lets mustnt " +
    "neednt shes shouldnt thats theres theyd theyll theyre theyve wasnt weve werent whats wheres whos " +
    "wouldnt youd youll youre youve"
  ).split(" "),
);

/** A contraction's ending that makes the word a function word: "can't", "I'm", "you're", "I've", "we'll", "I'd". */
const CONTRACTION = /(n't|'m|'re|'ve|'ll|'d)$/;

/**
 * The words of `text` of at least `minLength` letters that are neither function words nor in `skip`, in
 * order, repeats kept.
 */
export function contentWords(text: string, minLength: number, skip: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().replace(/[‘’]/g, "'").match(/[a-z][a-z'-]*/g) ?? []) {
    const trimmed = raw.replace(/['-]+$/, ""); // "sisters'" → "sisters"
    if (CONTRACTION.test(trimmed)) continue;
    const word = trimmed.replace(/'s$/, "");
    if (word.length < minLength || FUNCTION_WORDS.has(word) || skip.has(word)) continue;
    out.push(word);
  }
  return out;
}
