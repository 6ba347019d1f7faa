// The CallSession's own durable state, in its SQLite storage: the call's metadata and every transcript
// entry. Entries are written here first (before anything is broadcast) and carry a revision so the
// D1 sync knows what is still pending.
import { actionLineSchema, emotionSourceSchema, type AiProviderName, type CallType, type EmotionScores, type TranscriptEntry, type TurnLatency, type TurnOutcome } from "../../protocol/call-messages";
import type { AiEngines } from "../../protocol/engines";
import type { MemoryNote } from "../../protocol/memory";
import { safetyCategorySchema } from "../../protocol/safety";
import type { Persona } from "../ai/provider";
import type { FinalStatus } from "../db/call-writes";

export type CallPhase = "active" | "ended";

export interface CallState {
  callId: string;
  /** Owner; null for phone calls from unknown numbers. */
  userId: string | null;
  echoId: string | null;
  echoName: string;
  persona: Persona;
  callType: CallType;
  provider: AiProviderName;
  /** Which engine runs each AI stage (shown to the caller and to viewers). */
  engines: AiEngines;
  fromNumber: string | null;
  startTime: number;
  phase: CallPhase;
  /** Set once a caller socket has been attached (phone calls start before their media socket). */
  callerConnectedAt: number | null;
  endTime: number | null;
  finalStatus: FinalStatus | null;
  endReason: string | null;
  /** The D1 row has been finalized (status, duration, totals). */
  d1Finalized: boolean;
  /** When the final D1 write succeeded (epoch ms): the object's storage is wiped ENDED_CALL_KEPT_MS later. */
  finalizedAt?: number;
  /** The call is recorded (the Echo's setting when the call started). */
  record?: boolean;
  /** The caller is known to be the owner (a browser test call; a verified phone call): only then is memory used. */
  callerVerified?: boolean;
  /** What the Echo remembers of the caller, ranked (worker/memory/rank.ts); removed when the call ends. */
  memory?: MemoryNote[];
  /** The owner's time zone (IANA), for a verified caller's replies that tell the time. */
  timeZone?: string | null;
  /** A fixed first line instead of the greeting (a callback we placed opens with its reason). */
  opening?: string | null;
  /** A call we placed to link its number for this user: the keypad redeems only their code. */
  linkFor?: string | null;
}

/** The call's AI, as recorded in its state. */
export type CallAi = Pick<CallState, "provider" | "engines">;

/** An entry before the store numbers it (id and seq are assigned on append). */
export type NewEntry = Omit<TranscriptEntry, "id" | "seq">;

interface EntryRow extends Record<string, SqlStorageValue> {
  seq: number;
  id: string;
  speaker: string;
  text: string;
  timestamp: number;
  emotions: string;
  interrupted: number;
  latency: string | null;
  outcome: string | null;
  audio_offset_ms: number | null;
  emotion_source: string | null;
  safety: string | null;
  actions: string | null;
  rev: number;
  synced_rev: number;
}

export interface PendingEntry {
  entry: TranscriptEntry;
  rev: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS call_state (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  speaker TEXT NOT NULL,
  text TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  emotions TEXT NOT NULL,
  interrupted INTEGER NOT NULL DEFAULT 0,
  latency TEXT,
  outcome TEXT,
  audio_offset_ms INTEGER,
  emotion_source TEXT,
  safety TEXT,
  actions TEXT,
  rev INTEGER NOT NULL DEFAULT 1,
  synced_rev INTEGER NOT NULL DEFAULT 0
);
`;

function toEntry(row: EntryRow): TranscriptEntry {
  const entry: TranscriptEntry = {
    id: row.id,
    seq: row.seq,
    speaker: row.speaker === "assistant" ? "assistant" : "caller",
    text: row.text,
    timestamp: row.timestamp,
    emotions: JSON.parse(row.emotions) as EmotionScores,
  };
  if (row.interrupted) entry.interrupted = true;
  if (row.latency) entry.latency = JSON.parse(row.latency) as TurnLatency;
  if (row.outcome) entry.outcome = JSON.parse(row.outcome) as TurnOutcome;
  if (row.audio_offset_ms !== null) entry.audioOffsetMs = row.audio_offset_ms;
  const source = emotionSourceSchema.safeParse(row.emotion_source);
  if (source.success) entry.emotionSource = source.data;
  const safety = safetyCategorySchema.safeParse(row.safety);
  if (safety.success) entry.safety = safety.data;
  if (row.actions) {
    const actions = actionLineSchema.array().safeParse(JSON.parse(row.actions));
    if (actions.success && actions.data.length) entry.actions = actions.data;
  }
  return entry;
}

export class CallStore {
  private cached: CallState | null | undefined;

  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
    // Objects created before entries had these columns get them now (a new object has them already).
    const columns = sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('entries')").toArray();
    if (!columns.some((c) => c.name === "outcome")) sql.exec("ALTER TABLE entries ADD COLUMN outcome TEXT");
    if (!columns.some((c) => c.name === "audio_offset_ms")) sql.exec("ALTER TABLE entries ADD COLUMN audio_offset_ms INTEGER");
    if (!columns.some((c) => c.name === "emotion_source")) sql.exec("ALTER TABLE entries ADD COLUMN emotion_source TEXT");
    if (!columns.some((c) => c.name === "safety")) sql.exec("ALTER TABLE entries ADD COLUMN safety TEXT");
    if (!columns.some((c) => c.name === "actions")) sql.exec("ALTER TABLE entries ADD COLUMN actions TEXT");
  }

  state(): CallState | null {
    if (this.cached === undefined) {
      const row = this.sql.exec<{ json: string }>("SELECT json FROM call_state WHERE id = 1").toArray()[0];
      this.cached = row ? (JSON.parse(row.json) as CallState) : null;
    }
    return this.cached;
  }

  saveState(state: CallState): void {
    this.sql.exec("INSERT INTO call_state (id, json) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json", JSON.stringify(state));
    this.cached = { ...state };
  }

  /** The object's storage was wiped (CallSession.wipe): from now on this object holds no call. */
  forget(): void {
    this.cached = null;
  }

  updateState(patch: Partial<CallState>): CallState {
    const current = this.state();
    if (!current) throw new Error("call state missing");
    const next = { ...current, ...patch };
    this.saveState(next);
    return next;
  }

  /** Appends an entry (next seq) and returns it as stored. */
  addEntry(input: NewEntry): TranscriptEntry {
    const seqRow = this.sql.exec<{ next: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM entries").one();
    const id = crypto.randomUUID();
    this.sql.exec(
      "INSERT INTO entries (seq, id, speaker, text, timestamp, emotions, interrupted, latency, outcome, audio_offset_ms, emotion_source, safety, actions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      seqRow.next,
      id,
      input.speaker,
      input.text,
      input.timestamp,
      JSON.stringify(input.emotions),
      input.interrupted ? 1 : 0,
      input.latency ? JSON.stringify(input.latency) : null,
      input.outcome ? JSON.stringify(input.outcome) : null,
      input.audioOffsetMs ?? null,
      input.emotionSource ?? null,
      input.safety ?? null,
      input.actions?.length ? JSON.stringify(input.actions) : null,
    );
    return this.entry(id)!;
  }

  /** Changes an entry's content (its seq and id stay); the change is pending for D1 again. */
  updateEntry(id: string, patch: Pick<NewEntry, "text" | "emotions" | "interrupted" | "latency" | "outcome" | "actions">): TranscriptEntry | null {
    this.sql.exec(
      "UPDATE entries SET text = ?, emotions = ?, interrupted = ?, latency = ?, outcome = ?, actions = ?, rev = rev + 1 WHERE id = ?",
      patch.text,
      JSON.stringify(patch.emotions),
      patch.interrupted ? 1 : 0,
      patch.latency ? JSON.stringify(patch.latency) : null,
      patch.outcome ? JSON.stringify(patch.outcome) : null,
      patch.actions?.length ? JSON.stringify(patch.actions) : null,
      id,
    );
    return this.entry(id);
  }

  entry(id: string): TranscriptEntry | null {
    const row = this.sql.exec<EntryRow>("SELECT * FROM entries WHERE id = ?", id).toArray()[0];
    return row ? toEntry(row) : null;
  }

  /** Whether nothing has been said yet (no entry at all). */
  isEmpty(): boolean {
    return this.sql.exec<{ any: number }>("SELECT EXISTS (SELECT 1 FROM entries) AS any").one().any === 0;
  }

  entries(): TranscriptEntry[] {
    return this.sql.exec<EntryRow>("SELECT * FROM entries ORDER BY seq").toArray().map(toEntry);
  }

  /** Entries changed since they were last written to D1. */
  pending(): PendingEntry[] {
    return this.sql
      .exec<EntryRow>("SELECT * FROM entries WHERE rev > synced_rev ORDER BY seq")
      .toArray()
      .map((row) => ({ entry: toEntry(row), rev: row.rev }));
  }

  hasPending(): boolean {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM entries WHERE rev > synced_rev").one().n > 0;
  }

  /** Records that D1 holds revision `rev` of these entries (a newer local edit stays pending). */
  markSynced(synced: readonly PendingEntry[]): void {
    for (const p of synced) {
      this.sql.exec("UPDATE entries SET synced_rev = ? WHERE id = ? AND synced_rev < ?", p.rev, p.entry.id, p.rev);
    }
  }
}
