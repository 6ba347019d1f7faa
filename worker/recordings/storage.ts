// The call recording's state in its Durable Object's storage: its progress (start time, chunks stored in
// R2, samples stored, whether D1 knows the call is recorded) and the chunks taken from the mix but not
// yet stored in R2. A chunk is kept here from the moment it is taken until its R2 write succeeds, so an
// R2 outage holds no audio in memory however long it lasts (an object has 128 MB), and an object that
// restarts meanwhile (eviction, a deploy) still writes every chunk it took, in order, when R2 is back.
// At each sync the mix's audio not taken yet (the tail) is kept too: a restart loses at most what came
// after the last sync.
import { MIX_SAMPLE_RATE } from "../audio/mixdown";

/** Samples per stored row at most (30 s of 16 kHz PCM16: 960 KB, under SQLite's 2 MB per row in Durable Objects). */
const MAX_ROW_SAMPLES = 30 * MIX_SAMPLE_RATE;

export interface RecordingProgress extends Record<string, SqlStorageValue> {
  started_at: number;
  /** Chunks stored in R2 (the next chunk to store has this index). */
  chunks: number;
  /** Samples stored in R2. */
  samples: number;
  /** 1 once D1's call row says the call is recorded. */
  marked: number;
}

export interface WaitingChunk {
  index: number;
  pcm: Int16Array;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS recording (
  id INTEGER PRIMARY KEY CHECK (id = 1), started_at INTEGER NOT NULL, chunks INTEGER NOT NULL, samples INTEGER NOT NULL, marked INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS recording_waiting (idx INTEGER PRIMARY KEY, pcm BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS recording_tail (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL, caller_at INTEGER NOT NULL, pcm BLOB NOT NULL);`;

/** The mix's audio not taken yet, as kept at the last sync (recorder.ts keepTail). */
export interface RecordingTail {
  /** Timeline position of pcm[0] (samples). */
  at: number;
  /** Where the caller's next frame was to go. */
  callerAt: number;
  pcm: Int16Array;
}

export class RecordingStorage {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(SCHEMA);
  }

  progress(): RecordingProgress | null {
    return this.sql.exec<RecordingProgress>("SELECT * FROM recording WHERE id = 1").toArray()[0] ?? null;
  }

  /** The recording starts at `startedAt` (epoch ms) unless it already has. */
  begin(startedAt: number): RecordingProgress {
    const existing = this.progress();
    if (existing) return existing;
    this.sql.exec("INSERT INTO recording (id, started_at, chunks, samples, marked) VALUES (1, ?, 0, 0, 0)", startedAt);
    return { started_at: startedAt, chunks: 0, samples: 0, marked: 0 };
  }

  /** Samples taken from the mix so far: stored in R2 or waiting here (where a restarted mix goes on). */
  takenSamples(): number {
    const p = this.progress();
    const waiting = this.sql.exec<{ bytes: number | null }>("SELECT SUM(length(pcm)) AS bytes FROM recording_waiting").one().bytes ?? 0;
    return (p?.samples ?? 0) + waiting / 2;
  }

  /** Keeps `pcm` as the next chunk(s) to store, after those already waiting. */
  add(pcm: Int16Array): void {
    const p = this.progress();
    if (!p || pcm.length === 0) return;
    const last = this.sql.exec<{ idx: number | null }>("SELECT MAX(idx) AS idx FROM recording_waiting").one().idx;
    let index = last === null ? p.chunks : last + 1;
    for (let at = 0; at < pcm.length; at += MAX_ROW_SAMPLES) {
      const part = pcm.subarray(at, Math.min(pcm.length, at + MAX_ROW_SAMPLES));
      this.sql.exec("INSERT INTO recording_waiting (idx, pcm) VALUES (?, ?)", index++, bytesOf(part));
    }
  }

  /** The first chunk waiting to be stored (always the one with the index R2 needs next), or null. */
  next(): WaitingChunk | null {
    const row = this.sql.exec<{ idx: number; pcm: ArrayBuffer }>("SELECT idx, pcm FROM recording_waiting ORDER BY idx LIMIT 1").toArray()[0];
    return row ? { index: row.idx, pcm: new Int16Array(row.pcm) } : null;
  }

  get waiting(): boolean {
    return this.sql.exec("SELECT 1 FROM recording_waiting LIMIT 1").toArray().length > 0;
  }

  /** `chunk` is in R2 now: it leaves the waiting ones and counts as stored (one transaction). */
  stored(chunk: WaitingChunk): void {
    this.sql.exec("DELETE FROM recording_waiting WHERE idx = ?", chunk.index);
    this.sql.exec("UPDATE recording SET chunks = chunks + 1, samples = samples + ? WHERE id = 1", chunk.pcm.length);
  }

  marked(): void {
    this.sql.exec("UPDATE recording SET marked = 1 WHERE id = 1");
  }

  /** The recording was deleted: what waits is never stored. */
  dropWaiting(): void {
    this.sql.exec("DELETE FROM recording_waiting");
    this.dropTail();
  }

  /** Keeps `tail` (at most one row's worth: MAX_ROW_SAMPLES), replacing the one kept before. */
  keepTail(tail: RecordingTail): void {
    if (!this.progress()) return;
    const pcm = tail.pcm.subarray(0, MAX_ROW_SAMPLES);
    this.sql.exec("INSERT OR REPLACE INTO recording_tail (id, at, caller_at, pcm) VALUES (1, ?, ?, ?)", tail.at, tail.callerAt, bytesOf(pcm));
  }

  tail(): RecordingTail | null {
    const row = this.sql.exec<{ at: number; caller_at: number; pcm: ArrayBuffer }>("SELECT at, caller_at, pcm FROM recording_tail WHERE id = 1").toArray()[0];
    return row ? { at: row.at, callerAt: row.caller_at, pcm: new Int16Array(row.pcm) } : null;
  }

  dropTail(): void {
    this.sql.exec("DELETE FROM recording_tail");
  }
}

/** A copy of `pcm`'s bytes as a buffer of its own (a blob parameter is a whole ArrayBuffer). */
function bytesOf(pcm: Int16Array): ArrayBuffer {
  return pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer;
}
