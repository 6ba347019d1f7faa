// Caller memory (issue 42 §1): what an Echo remembers of its owner's calls, as the API and the SPA see
// it, and the owner's edits. Scoped per (user, Echo); see docs/memory.md.
import { z } from "zod";

/** What a remembered fact is about. */
export const MEMORY_KINDS = ["person", "event", "preference", "concern", "follow_up", "mood"] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

/** Longest text of one remembered fact. */
export const MEMORY_TEXT_MAX = 300;

/** Words the dashboard shows for each kind. */
export const MEMORY_KIND_LABELS: Record<MemoryKind, string> = {
  person: "Person",
  event: "Event",
  preference: "Preference",
  concern: "Concern",
  follow_up: "Follow-up",
  mood: "Mood",
};

/** One remembered fact. Times are epoch ms. */
export interface MemoryItem {
  id: string;
  echoId: string;
  kind: MemoryKind;
  /** The normalised key facts are merged on ("maria", "coffee", "name"). */
  subject: string;
  text: string;
  /** The call it was said in (null: added by hand or before calls were kept; deleting the call deletes the fact). */
  sourceCallId: string | null;
  saidAt: number;
  /** When it stops mattering (an event's date); null: never. */
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** GET /api/echoes/:id/memory */
export interface MemoryList {
  /** The Echo's "Remember callers" switch. */
  rememberCallers: boolean;
  /** Newest first. */
  items: MemoryItem[];
}

/** PATCH /api/echoes/:id/memory/:itemId: the owner corrects a fact. */
export const memoryPatchSchema = z
  .object({
    text: z.string().trim().min(1, "A remembered fact cannot be empty.").max(MEMORY_TEXT_MAX).optional(),
    kind: z.enum(MEMORY_KINDS).optional(),
    /** null: it no longer expires. */
    expiresAt: z.number().int().nonnegative().nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to update." });
export type MemoryPatch = z.infer<typeof memoryPatchSchema>;

/** DELETE /api/echoes/:id/memory (forget everything) and DELETE …/memory/:itemId. */
export interface MemoryDeleted {
  deleted: number;
}

/** A fact as the call uses it (the system prompt's memory section, the local engine's greeting). */
export type MemoryNote = Pick<MemoryItem, "kind" | "subject" | "text" | "saidAt" | "expiresAt">;
