// The order a call uses what the Echo remembers (pure: the bounded prompt section, the local engine's
// greeting and the bench take notes in this order).
import type { MemoryKind, MemoryNote } from "../../protocol/memory";

const DAY_MS = 86_400_000;
/** An event is still worth asking about this long after its day ("How did the wedding go?"). */
export const EVENT_GRACE_MS = 14 * DAY_MS;
/** Notes a call is given at most (the prompt section cuts them to its token bound). */
export const NOTES_PER_CALL_MAX = 40;

const KIND_RANK: Record<MemoryKind, number> = { follow_up: 0, event: 1, concern: 2, person: 3, preference: 4, mood: 5 };

/** Lower ranks first: open follow-ups, events near today (within two weeks either side), the caller's name, worries, people, likes, mood; far events last. */
function rank(note: MemoryNote, now: number): number {
  if (note.kind === "person" && note.subject === "name") return 2.5;
  if (note.kind === "event" && note.expiresAt !== null && Math.abs(note.expiresAt - now) > EVENT_GRACE_MS) return 6;
  return KIND_RANK[note.kind];
}

/** The notes in the order a call uses them: by rank, then the most recently said first. */
export function rankNotes(items: readonly MemoryNote[], now: number): MemoryNote[] {
  return [...items].sort((a, b) => rank(a, now) - rank(b, now) || b.saidAt - a.saidAt).slice(0, NOTES_PER_CALL_MAX);
}
