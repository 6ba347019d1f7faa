// The local Echo's greeting for a caller it remembers (pure): welcome back, by name when it knows it,
// then the most relevant thing to ask (the notes come ranked: an open follow-up first, then an event
// near today, then a worry), in the caller's words turned round ("ask me about the speech at Maria's
// wedding" → "How did the speech at Maria's wedding go?"). Null when nothing remembered can be used.
import type { MemoryNote } from "../../../../protocol/memory";
import type { Language } from "./language";
import { swapPerson } from "./reflect";

const NAME = /\bname is ([\p{L}][\p{L}'-]*)/iu;
const ASK_ABOUT = /^(?:please\s+)?(?:can you\s+|could you\s+)?ask me (?:about|how)\s+(.+?)(?:\s+(?:went|goes|is going|was))?(?:\s+next time)?[.!?]*$/i;
const REMIND = /^(?:please\s+)?(?:can you\s+|could you\s+)?remind me (to|about|of)\s+(.+?)[.!?]*$/i;

const lowerFirst = (s: string) => (/^I\b/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));
const noStop = (s: string) => s.trim().replace(/[.!?…]+$/, "");

/** The caller's name, from the note "My name is Sam." */
export function rememberedName(notes: readonly MemoryNote[]): string | null {
  const note = notes.find((n) => n.kind === "person" && n.subject === "name");
  return note ? (NAME.exec(note.text)?.[1] ?? null) : null;
}

function question(note: MemoryNote, language: Language, now: number): string | null {
  const turned = (text: string) => swapPerson(language.tag(text));
  if (note.kind === "follow_up") {
    const about = ASK_ABOUT.exec(note.text.trim());
    if (about) return `How did ${turned(about[1]!)} go?`;
    const remind = REMIND.exec(note.text.trim());
    if (remind) return `You asked me to remind you ${remind[1]} ${turned(remind[2]!)}.`;
    return `Last time you asked me this: ${turned(lowerFirst(noStop(note.text)))}. How is it going?`;
  }
  if (note.kind === "event") {
    const past = note.expiresAt !== null && note.expiresAt < now;
    return `Last time you told me ${turned(lowerFirst(noStop(note.text)))}. ${past ? "How did it go?" : "How are you feeling about it?"}`;
  }
  if (note.kind === "concern") return `Last time you said ${turned(lowerFirst(noStop(note.text)))}. How are things now?`;
  return null;
}

/** "Welcome back, Sam! How did the speech at Maria's wedding go?", or null with nothing to use. */
export function welcomeBack(notes: readonly MemoryNote[], language: Language, now: number): string | null {
  if (notes.length === 0) return null;
  const name = rememberedName(notes);
  const ask = notes.map((n) => question(n, language, now)).find((q) => q !== null) ?? null;
  if (!name && !ask) return null;
  return `Welcome back${name ? `, ${name}` : ""}! ${ask ?? "It's good to hear from you again."}`;
}
