// The key facts are merged on (pure): a fact's subject lower-cased, possessives and articles dropped,
// punctuation and spaces squeezed, so "Maria's wedding", "the wedding of maria" and "Maria wedding"
// don't all become separate rows. Also how an owner's "forget what I said about…" phrase is matched.
import { MEMORY_TEXT_MAX } from "../../protocol/memory";

const DROPPED = new Set(["a", "an", "the", "my", "our", "your", "his", "her", "their", "of", "about", "that", "this", "what", "i", "said", "me"]);
const SUBJECT_MAX = 60;

/** The words of a subject or phrase, normalised (possessive 's gone, articles and pronouns dropped). */
export function subjectWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, "")
    .replace(/[^\p{L}\p{N}\s-]+/gu, " ")
    .split(/\s+/)
    .filter((w) => w && !DROPPED.has(w));
}

/** The merge key of a subject ("Maria's Wedding!" → "maria wedding"); "" when nothing is left. */
export function normaliseSubject(subject: string): string {
  return subjectWords(subject).join(" ").slice(0, SUBJECT_MAX).trim();
}

/** A fact's text as stored: one line, trimmed, at most MEMORY_TEXT_MAX characters. */
export function cleanText(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MEMORY_TEXT_MAX ? `${line.slice(0, MEMORY_TEXT_MAX - 1).trimEnd()}…` : line;
}

/** True when every word of `phrase` occurs in the fact's subject or text ("forget what I said about Maria's wedding"). */
export function matchesPhrase(phrase: string, fact: { subject: string; text: string }): boolean {
  const wanted = subjectWords(phrase);
  if (wanted.length === 0) return false;
  const have = new Set([...subjectWords(fact.subject), ...subjectWords(fact.text)]);
  return wanted.every((w) => have.has(w));
}
