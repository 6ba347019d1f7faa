// The memory a call without a language model can honestly make (pure): a pass over the caller's own
// lines only, keeping what they said in their own words — their name ("my name is Sam"), the people they
// named ("my sister Maria"), events with a date (chrono-node reads "on Saturday", "next Friday at 3"),
// what they love, like, prefer or hate, what worries them, and what they asked to be followed up ("ask
// me about…", "remind me to…", "check on…"). Nothing is inferred beyond the words said.
import { parse as parseDates } from "chrono-node/en";
import type { MemoryKind } from "../../protocol/memory";
import { contentWords } from "../ai/words";
import { lightLanguage } from "../ai/offline/dialogue/light-tagger";

/** One caller line, with when it was said (epoch ms). */
export interface SaidLine {
  text: string;
  at: number;
}

/** A fact found in the caller's words. */
export interface FoundFact {
  kind: MemoryKind;
  subject: string;
  text: string;
  saidAt: number;
  expiresAt: number | null;
}

const RELATIONS =
  "sister|brother|mum|mom|mother|dad|father|wife|husband|partner|son|daughter|friend|best friend|boss|manager|colleague|aunt|uncle|grandma|grandmother|grandpa|grandfather|cousin|girlfriend|boyfriend|fiancée|fiancee|fiancé|fiance|niece|nephew|neighbour|neighbor|doctor|therapist|teacher|coach|dog|cat";
const RELATION_NAME = new RegExp(`\\bmy (${RELATIONS}),? (?:is |was )?(?:called |named )?([A-Za-z][a-z'-]+)`, "gi");
const OWN_NAME = /\b(?:my name is|my name's|call me)\s+([A-Za-z][a-z'-]+)/i;
/** "I'm Sam" only with a capital (typed): "I'm nervous" is no name. */
const OWN_NAME_CAPITAL = /\b(?:I'm|I am|this is|it's)\s+([A-Z][a-z'-]+)(?=$|[\s,.!?])/;
const PREFERENCE = /\bI (?:really |just |absolutely |do )?(love|like|adore|enjoy|prefer|hate|dislike|can't stand|cannot stand|don't like|do not like)\s+(.+)/i;
const CONCERN = /\bI(?:'m| am)? (?:really |so |very |a bit |quite )?(worried|anxious|nervous|scared|afraid|stressed|dread|dreading|fear|panicking)\b(?:\s+(?:about|of|that|for))?\s*(.*)/i;
const FOLLOW_UP = /\b(ask me (?:about|how|whether|if)|check (?:in )?(?:on|about|with me about)|remind me (?:to|about|of)|follow up (?:on|about|with me on)|don't let me forget(?: to| about)?)\s+(.+)/i;
/** Not names, whatever their case. */
const NOT_NAMES = new Set([
  ..."is was has and but who just really getting said says told the a an very so also too here back calling sorry fine okay ok good great".split(" "),
  ..."monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight january february march april may june july august september october november december".split(" "),
]);
const DAY_MS = 86_400_000;

function sentences(text: string): string[] {
  return (text.match(/[^.!?…]+[.!?…]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A clause as a sentence of its own: capital first, one full stop. */
const asSentence = (s: string) => `${capitalise(s.trim().replace(/[\s,;:]+$/, "").replace(/[.!?…]*$/, ""))}.`;

/** The clause ends at a comma, "because"/"but"/"and I" or the sentence's end. */
function clauseOf(text: string): string {
  return text.split(/,|;|\bbecause\b|\bbut\b|\band I\b|\band i\b/)[0]!.trim().replace(/[.!?…]+$/, "");
}

/** The first (up to) `n` content words of `text`, for a subject. */
function keyWords(text: string, n: number, skip: ReadonlySet<string> = new Set()): string {
  return contentWords(text, 3, skip).slice(0, n).join(" ");
}

/** An event's subject: the names and nouns the sentence has, its date and the people's relations left out ("maria wedding"). */
function eventSubject(sentence: string, dateWords: ReadonlySet<string>): string {
  const relations = new Set(RELATIONS.split("|"));
  const words = lightLanguage
    .tag(sentence)
    .filter((t) => (t.pos === "PROPN" || ((t.pos === "NOUN" || t.pos === "X") && !/(ing|ed)$/.test(t.lower))) && !dateWords.has(t.lower) && !relations.has(t.lower))
    .map((t) => t.text);
  return contentWords(words.join(" "), 3).slice(0, 3).join(" ") || keyWords(sentence, 3, dateWords);
}

/** A name candidate: capitalised, or in lower-case speech-to-text a word the tagger doesn't take for a verb or function word. */
function asName(word: string, lowerCaseLine: boolean): string | null {
  if (NOT_NAMES.has(word.toLowerCase())) return null;
  if (/^[A-Z]/.test(word)) return word;
  if (!lowerCaseLine) return null;
  const pos = lightLanguage.tag(word)[0]?.pos;
  return pos === "NOUN" || pos === "PROPN" || pos === "X" ? capitalise(word) : null;
}

/** The end of the day of the first date `text` names, from `at` on; null when it names none. */
function dateIn(text: string, at: number): { end: number; phrase: string } | null {
  const found = parseDates(text, new Date(at), { forwardDate: true })[0];
  if (!found) return null;
  const date = (found.end ?? found.start).date().getTime();
  if (!Number.isFinite(date)) return null;
  const endOfDay = Math.floor(date / DAY_MS) * DAY_MS + DAY_MS - 1;
  return { end: Math.max(endOfDay, date), phrase: found.text };
}

/** What the caller's lines say that is worth remembering, in order, one fact per (kind, subject) (the later wins). */
export function extractFacts(lines: readonly SaidLine[]): FoundFact[] {
  const facts = new Map<string, FoundFact>();
  const add = (fact: FoundFact) => {
    if (!fact.subject || !fact.text) return;
    const key = `${fact.kind}|${fact.subject}`;
    facts.delete(key);
    facts.set(key, fact);
  };
  for (const line of lines) {
    const raw = line.text.trim();
    if (!raw || /^\[.*\]$/.test(raw)) continue; // "[speech, 1.8 s]": no words were recognised
    const lowerCaseLine = raw === raw.toLowerCase();
    for (const sentence of sentences(raw)) {
      const at = line.at;
      const own = OWN_NAME.exec(sentence) ?? OWN_NAME_CAPITAL.exec(sentence);
      const ownName = own?.[1] ? asName(own[1], lowerCaseLine || OWN_NAME.test(sentence)) : null;
      if (ownName) add({ kind: "person", subject: "name", text: `My name is ${capitalise(ownName)}.`, saidAt: at, expiresAt: null });

      for (const match of sentence.matchAll(RELATION_NAME)) {
        const name = asName(match[2]!, lowerCaseLine);
        if (name) add({ kind: "person", subject: name.toLowerCase(), text: `${name} is my ${match[1]!.toLowerCase()}.`, saidAt: at, expiresAt: null });
      }

      const followUp = FOLLOW_UP.exec(sentence);
      if (followUp) {
        const request = sentence.slice(followUp.index).trim();
        const when = dateIn(followUp[2]!, at);
        add({ kind: "follow_up", subject: keyWords(followUp[2]!, 3), text: asSentence(request), saidAt: at, expiresAt: when ? when.end + 7 * DAY_MS : null });
        continue; // a request is not also an event or a worry
      }

      const preference = PREFERENCE.exec(sentence);
      if (preference) {
        const object = clauseOf(preference[2]!);
        add({ kind: "preference", subject: keyWords(object, 3), text: asSentence(`I ${preference[1]!.toLowerCase()} ${object}`), saidAt: at, expiresAt: null });
      }

      const concern = CONCERN.exec(sentence);
      if (concern) {
        const about = clauseOf(concern[2] ?? "");
        const from = sentence.search(/\bI\b|\bi\b/);
        const clause = clauseOf(sentence.slice(Math.max(0, concern.index, from)));
        add({ kind: "concern", subject: keyWords(about, 3) || concern[1]!.toLowerCase(), text: asSentence(clause), saidAt: at, expiresAt: null });
      }

      const when = dateIn(sentence, at);
      // A dated feeling ("I'm so tired today") is no event.
      if (when && !preference && !/^\s*(?:\w+,\s*)?(?:i'm|i am|im|i feel|i felt)\b/i.test(sentence)) {
        const subject = eventSubject(clauseOf(sentence), new Set(contentWords(when.phrase, 1)));
        if (subject) add({ kind: "event", subject, text: asSentence(sentence), saidAt: at, expiresAt: when.end });
      }
    }
  }
  return [...facts.values()];
}
