// The caller's words said back from the Echo's side ("my speech" → "your speech"), and a callback's
// reason as the end of a sentence ("to practise your speech", "about the interview"). Pure.

const SWAPS: Record<string, string> = {
  i: "you",
  "i'm": "you're",
  im: "you're",
  "i've": "you've",
  "i'll": "you'll",
  "i'd": "you'd",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  am: "are",
  we: "you",
  our: "your",
  us: "you",
};

/** First person → second person, word by word (keeps the rest as said). */
export function fromEchoSide(text: string): string {
  return text.replace(/[A-Za-z']+/g, (word) => SWAPS[word.toLowerCase()] ?? word);
}

/** What the caller said, trimmed and without a closing full stop, as the Echo says it back. */
export function saidBack(text: string): string {
  return fromEchoSide(text.trim().replace(/[.!?]+$/, "")).trim();
}

/** "to practise your speech", "about the interview"; "" when there is no reason. */
export function reasonPhrase(reason: string): string {
  const said = saidBack(reason);
  if (!said) return "";
  if (/^(to|about|for|so|because|regarding|when|after|before)\b/i.test(said)) return said;
  return `about ${said}`;
}
