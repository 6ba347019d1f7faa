// What a call starts with: the Echo's memory of this caller, ranked most relevant first (rank.ts). Read
// in parallel with the rest of the call's start, so it doesn't delay the greeting.
import type { MemoryItem, MemoryNote } from "../../protocol/memory";
import type { Db } from "../db/client";
import { EVENT_GRACE_MS, rankNotes } from "./rank";
import { type MemoryScope, readLiveMemory } from "./store";

export { EVENT_GRACE_MS, NOTES_PER_CALL_MAX, rankNotes } from "./rank";

const toNote = (item: MemoryItem): MemoryNote => ({ kind: item.kind, subject: item.subject, text: item.text, saidAt: item.saidAt, expiresAt: item.expiresAt });

/** The ranked notes for a call of this (user, Echo): facts past their day by more than EVENT_GRACE_MS are left out. */
export async function recallForCall(database: Db, scope: MemoryScope, now = Date.now()): Promise<MemoryNote[]> {
  return rankNotes((await readLiveMemory(database, scope, now, EVENT_GRACE_MS)).map(toNote), now);
}
