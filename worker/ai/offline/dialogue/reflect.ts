// Reflective listening: the caller's own words turned round to be said back — "I miss my dad" →
// "you miss your dad", "my exams next week" → "your exams next week", "you never listen" → "I never
// listen" — from the tagged tokens (language.ts): pronouns and possessives swapped, "am"/"was" agreed
// with the new subject, contractions put back for speech. What is reflected: the caller's main clause
// (from its first-person subject to a comma, a "because"/"since" or the sentence's end), and noun
// phrases ((determiner | possessive) adjectives nouns, with a trailing "next week" or "of Australia").
// Pure.
import type { Token } from "./language";

const SWAP: Record<string, string> = {
  i: "you", me: "you", my: "your", mine: "yours", myself: "yourself", we: "you", us: "you", our: "your", ours: "yours", ourselves: "yourselves",
  your: "my", yours: "mine", yourself: "myself", yourselves: "ourselves",
};
const TIME_WORDS = new Set("today tonight tomorrow yesterday week weekend month year morning afternoon evening night monday tuesday wednesday thursday friday saturday sunday".split(" "));
const TIME_LEADS = new Set(["next", "last", "this", "every"]);
/** Nouns too vague to be a topic on their own. */
const VAGUE = new Set("thing things lot bit way time stuff kind sort day today tonight tomorrow yesterday week moment something anything everything nothing one".split(" "));
const FIRST_PERSON = new Set(["i", "we", "my", "our"]);

/** True when "you" at `i` is a subject ("you are", "you never listen") rather than an object ("tell you"). */
function youIsSubject(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (before && (before.pos === "VERB" || before.pos === "ADP")) return false;
  return !after || after.pos === "VERB" || after.pos === "AUX" || after.pos === "ADV" || after.pos === "PART";
}

/** The words of tokens[from, to) in the other person's mouth, as one string. */
export function swapPerson(tokens: readonly Token[], from = 0, to = tokens.length): string {
  const out: string[] = [];
  let previousSubject: "you" | "i" | null = null;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    let word = t.text;
    let subject: "you" | "i" | null = null;
    if (t.lower === "i") {
      word = "you";
      subject = "you";
    } else if (t.lower === "you") {
      if (youIsSubject(tokens, i)) {
        word = "I";
        subject = "i";
      } else word = "me";
    } else if (SWAP[t.lower]) word = SWAP[t.lower]!;
    else if (t.lower === "am" && previousSubject === "you") word = "are";
    else if (t.lower === "was" && previousSubject === "you") word = "were";
    else if (t.lower === "are" && previousSubject === "i") word = "am";
    else if (t.lower === "were" && previousSubject === "i") word = "was";
    if (t.lower === "we") subject = "you";
    // A subject carries over an adverb ("I really was").
    previousSubject = subject ?? (t.pos === "ADV" || t.pos === "PART" ? previousSubject : null);
    if (word !== "I" && t.pos !== "PROPN" && !/^[A-Z]{2,}$/.test(word)) word = word.toLowerCase();
    out.push(word);
  }
  return joinWords(out);
}

/** Words back into text: punctuation and "n't"/"'s" attached, contractions restored for speech. */
export function joinWords(words: readonly string[]): string {
  return words
    .join(" ")
    .replace(/ ([.,!?;:…]|n't|'s)/g, "$1")
    .replace(/\bca n't\b/g, "can't")
    .replace(/\byou are\b/g, "you're")
    .replace(/\bI am\b/g, "I'm")
    .replace(/\b(can|do|does|did|is|are|was|were|have|has|could|would|should) not\b/g, (_, aux: string) => (aux === "can" ? "can't" : `${aux}n't`))
    .trim();
}

/** Where a clause ends: punctuation, a subordinate conjunction, "but", or "and" starting a new clause. */
function clauseEnd(tokens: readonly Token[], from: number): number {
  for (let i = from + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.pos === "PUNCT" || t.pos === "SCONJ" || t.lower === "but" || t.lower === "because" || t.lower === "since") return i;
    if (t.lower === "and" && (tokens[i + 1]?.pos === "PRON" || tokens[i + 1]?.pos === "AUX")) return i;
  }
  return tokens.length;
}

/**
 * The caller's main first-person clause, reflected ("I am worried about my exams" → "you're worried
 * about your exams"), or null when they said none (or it runs past `maxWords`).
 */
export function reflectClause(tokens: readonly Token[], maxWords = 10): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const subject = t.lower === "i" || t.lower === "we" || t.lower === "my" || t.lower === "our";
    if (!subject) continue;
    const reflected = clauseFrom(tokens, i, maxWords);
    if (reflected !== undefined) return reflected;
  }
  return null;
}

/** The clause from `i` reflected; null past `maxWords`, undefined when too short to be one. */
function clauseFrom(tokens: readonly Token[], i: number, maxWords: number): string | null | undefined {
  const next = tokens[i + 1];
  if (!next || next.pos === "PUNCT") return undefined;
  const end = clauseEnd(tokens, i);
  const length = tokens.slice(i, end).filter((x) => x.pos !== "PUNCT").length;
  if (length < 2) return undefined;
  return length > maxWords ? null : swapPerson(tokens, i, end);
}

/** A clause about the Echo itself ("you never listen to me" → "I never listen to you"), or null. */
export function reflectAboutEcho(tokens: readonly Token[], maxWords = 10): string | null {
  const i = tokens.findIndex((t, at) => t.lower === "you" && youIsSubject(tokens, at) && (at === 0 || tokens[at - 1]!.pos === "PUNCT" || tokens[at - 1]!.pos === "CCONJ" || tokens[at - 1]!.pos === "ADV"));
  return i < 0 ? null : (clauseFrom(tokens, i, maxWords) ?? null);
}

export interface NounPhrase {
  /** As the caller said it. */
  text: string;
  /** Turned round ("my exams next week" → "your exams next week"). */
  reflected: string;
  /** The caller's own (my/our …). */
  personal: boolean;
  /** Its last noun, lowercase. */
  head: string;
}

const isNoun = (t: Token | undefined) => t !== undefined && (t.pos === "NOUN" || t.pos === "PROPN");

/** The noun phrases of the tokens, in order. */
export function nounPhrases(tokens: readonly Token[]): NounPhrase[] {
  const phrases: NounPhrase[] = [];
  let i = 0;
  while (i < tokens.length) {
    const start = i;
    const t = tokens[i]!;
    const determiner = t.pos === "DET" || t.lower in SWAP || t.lower === "his" || t.lower === "her" || t.lower === "their" || t.pos === "NUM";
    let j = determiner ? i + 1 : i;
    while (tokens[j]?.pos === "ADJ" || (tokens[j]?.pos === "ADV" && tokens[j + 1]?.pos === "ADJ")) j++;
    if (!isNoun(tokens[j])) {
      i++;
      continue;
    }
    while (isNoun(tokens[j])) j++;
    // "… next week", "… tomorrow"; "… of Australia".
    if (TIME_LEADS.has(tokens[j]?.lower ?? "") && TIME_WORDS.has(tokens[j + 1]?.lower ?? "")) j += 2;
    else if (TIME_WORDS.has(tokens[j]?.lower ?? "") && tokens[j]?.pos !== "PUNCT" && !TIME_WORDS.has(tokens[j - 1]?.lower ?? "")) j += 1;
    else if (tokens[j]?.lower === "of" && (isNoun(tokens[j + 1]) || (tokens[j + 1]?.pos === "DET" && isNoun(tokens[j + 2])))) {
      j += tokens[j + 1]?.pos === "DET" ? 2 : 1;
      while (isNoun(tokens[j])) j++;
    }
    const span = tokens.slice(start, j);
    const nouns = span.filter(isNoun);
    const head = (nouns.at(-1) ?? span.at(-1)!).lower;
    phrases.push({
      text: span.map((s) => s.text).join(" "),
      reflected: swapPerson(tokens, start, j),
      personal: FIRST_PERSON.has(span[0]!.lower),
      head,
    });
    i = j;
  }
  return phrases;
}

/** The phrase a reply should take up: the caller's own (my …) first, then the first specific one. */
export function topicPhrase(tokens: readonly Token[]): NounPhrase | null {
  const phrases = nounPhrases(tokens).filter((p) => !p.text.split(" ").every((w) => VAGUE.has(w.toLowerCase()) || TIME_WORDS.has(w.toLowerCase()) || TIME_LEADS.has(w.toLowerCase())));
  return phrases.find((p) => p.personal) ?? phrases.find((p) => !VAGUE.has(p.head)) ?? null;
}
