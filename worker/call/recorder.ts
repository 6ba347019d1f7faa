// The call's recording while it runs: caller frames and the Echo's speech (as sent, cut at a barge-in)
// go into a Mixdown; every CHUNK_MS of settled audio is written to R2 as the next chunk object, so a
// call that ends abruptly keeps its audio up to the last chunk. Progress (start time, chunks, samples)
// lives in the object's SQLite storage, so a restarted object appends after what is already stored.
// The first stored chunk marks the call's D1 row as recorded. A failed write is logged and retried
// with the next write, as it was (same index, same bytes: a write that timed out and lands late writes
// what its retry wrote), before the audio taken since goes on as the next chunk; nothing here can fail
// the call.
import { Mixdown, MIX_SAMPLE_RATE } from "../audio/mixdown";
import { db } from "../db/client";
import { putChunk } from "../db/recording-objects";
import { markRecordingStarted, recordingOf } from "../db/recordings";
import type { Env } from "../env";
import { withDeadline } from "./settled-within";
import type { CallState } from "./store";

/** Audio written per chunk object while the call runs (5 s of PCM16 at 16 kHz: 160 KB). */
export const CHUNK_MS = 5_000;
const CHUNK_SAMPLES = (CHUNK_MS * MIX_SAMPLE_RATE) / 1000;
/** Deadline of one R2 write. */
const PUT_TIMEOUT_MS = 10_000;

interface Progress extends Record<string, SqlStorageValue> {
  started_at: number;
  chunks: number;
  samples: number;
  marked: number;
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS recording (
  id INTEGER PRIMARY KEY CHECK (id = 1), started_at INTEGER NOT NULL, chunks INTEGER NOT NULL, samples INTEGER NOT NULL, marked INTEGER NOT NULL
);`;

export class CallRecorder {
  private mix: Mixdown | null = null;
  /** Samples taken from the mix and not yet in a chunk. */
  private unsaved: Int16Array[] = [];
  /** A chunk whose write failed or timed out: written again as it is before anything after it. */
  private pending: { index: number; pcm: Int16Array } | null = null;
  /** The write under way, if any (queueWrite). */
  private writing: Promise<void> | null = null;
  private writeAgain = false;
  /** When the call ended (callEnded()), on this recorder's clock. */
  private endedAt: number | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly store: { state(): Pick<CallState, "callId" | "phase" | "record" | "callerConnectedAt"> | null },
    private readonly now: () => number = Date.now,
    private readonly putTimeoutMs = PUT_TIMEOUT_MS,
  ) {
    ctx.storage.sql.exec(SCHEMA);
  }

  private progress(): Progress | null {
    return this.ctx.storage.sql.exec<Progress>("SELECT * FROM recording WHERE id = 1").toArray()[0] ?? null;
  }

  /**
   * The mix while the call is recorded: made on first use while the call is active (resumed after a
   * restart), and kept while it ends until the final flush, so the lines stored as it ends (the caller's
   * last words) still find their place in it.
   */
  private active(): Mixdown | null {
    if (this.mix) return this.mix;
    const state = this.store.state();
    // Not before the caller is on the line: a phone call whose stream never came has nothing to record.
    if (!state || state.phase !== "active" || !state.record || state.callerConnectedAt === null || !this.env.RECORDINGS) return null;
    let p = this.progress();
    if (!p) {
      p = { started_at: this.now(), chunks: 0, samples: 0, marked: 0 };
      this.ctx.storage.sql.exec("INSERT INTO recording (id, started_at, chunks, samples, marked) VALUES (1, ?, 0, 0, 0)", p.started_at);
    }
    this.mix = new Mixdown(p.started_at, p.samples);
    return this.mix;
  }

  caller(pcm: Int16Array): void {
    const mix = this.active();
    if (!mix) return;
    const now = this.now();
    mix.caller(pcm, now);
    if (mix.head(now) - mix.taken >= CHUNK_SAMPLES) this.flush();
  }

  /** The Echo's speech as sent to the caller; returns where it starts in the recording (ms), or null. */
  assistant(pcm: Int16Array): number | null {
    return this.active()?.assistant(pcm, this.now()) ?? null;
  }

  /** The caller barged in: the rest of the queued speech was never heard. */
  interrupt(): void {
    this.active()?.interrupt(this.now());
  }

  /**
   * The call ends now: whatever the Echo had queued to say is never heard (cut here), and the final
   * flush stops here too, not after the silence of the call's wrap-up.
   */
  callEnded(): void {
    this.endedAt = this.now();
    this.active()?.interrupt(this.endedAt);
  }

  /** Where `at` (epoch ms, in the past) is in the recording, or null when the call is not recorded. */
  offsetAt(at: number): number | null {
    const mix = this.active();
    if (!mix) return null;
    const now = this.now();
    return Math.max(0, mix.positionMs(now) - Math.max(0, now - at));
  }

  /** Stores the settled audio as the next chunk (`final`: all of it, up to the call's end: callEnded()). */
  flush(final = false): Promise<void> {
    const mix = this.mix ?? (final ? null : this.active());
    if (!mix) return this.writing ?? Promise.resolve();
    const pcm = mix.take(final ? (this.endedAt ?? this.now()) : this.now(), final);
    if (final) this.mix = null;
    if (pcm.length > 0) this.unsaved.push(pcm);
    return this.queueWrite();
  }

  /**
   * True while the recording is behind: audio taken but not stored (a failed write), or chunks stored
   * but the call not yet marked as recorded in D1. After the call ended, the alarm retries (retry()).
   */
  get behind(): boolean {
    if (this.pending || this.unsaved.length > 0) return true;
    const p = this.progress();
    return p !== null && p.chunks > 0 && !p.marked;
  }

  /** Writes what a failed write left: the rest of the audio, then the D1 mark. */
  retry(): Promise<void> {
    return this.queueWrite();
  }

  /**
   * One writer at a time, kept alive past the event that asked: a write asked for while one runs makes
   * that one go round once more (taking what is pending and unsaved then). When the store is slow, the
   * asks don't pile up into a chain that grows faster than it drains.
   */
  private queueWrite(): Promise<void> {
    if (this.writing) {
      this.writeAgain = true;
      return this.writing;
    }
    this.writing = (async () => {
      try {
        do {
          this.writeAgain = false;
          await this.write();
        } while (this.writeAgain);
      } finally {
        this.writing = null;
      }
    })();
    this.ctx.waitUntil(this.writing);
    return this.writing;
  }

  private async write(): Promise<void> {
    const bucket = this.env.RECORDINGS;
    const callId = this.store.state()?.callId;
    let p = this.progress();
    if (!bucket || !p || !callId) return;
    // After the call ended, its owner may delete the recording while a chunk still waits for a retry:
    // that chunk must not bring back audio nobody can reach or expire.
    if (p.marked && (this.pending || this.unsaved.length > 0) && this.store.state()?.phase === "ended") {
      let deleted: boolean;
      try {
        deleted = (await recordingOf(db(this.env.DB), callId)) === null;
      } catch (err) {
        console.error(`recording: could not check whether call ${callId}'s recording was deleted (retried)`, err);
        return;
      }
      if (deleted) {
        console.warn(`recording: call ${callId} had its recording deleted; the audio not yet stored is dropped`);
        this.pending = null;
        this.unsaved = [];
        return;
      }
    }
    for (;;) {
      if (!this.pending && this.unsaved.length > 0) {
        this.pending = { index: p.chunks, pcm: concat(this.unsaved) };
        this.unsaved = [];
      }
      const chunk = this.pending;
      if (!chunk) return this.mark(p);
      try {
        await withDeadline(putChunk(bucket, callId, chunk.index, chunk.pcm), this.putTimeoutMs);
      } catch (err) {
        console.error(`recording: chunk ${chunk.index} of call ${callId} not stored (written again with the next write)`, err);
        return;
      }
      this.pending = null;
      this.ctx.storage.sql.exec("UPDATE recording SET chunks = chunks + 1, samples = samples + ? WHERE id = 1", chunk.pcm.length);
      await this.mark({ ...p, chunks: p.chunks + 1 });
      p = this.progress() ?? p;
    }
  }

  /** Marks the call as recorded in D1 once a chunk is stored (a failure is retried with the next write). */
  private async mark(p: Progress): Promise<void> {
    const callId = this.store.state()?.callId;
    if (p.marked || p.chunks === 0 || !callId) return;
    try {
      await markRecordingStarted(db(this.env.DB), callId, p.started_at);
      this.ctx.storage.sql.exec("UPDATE recording SET marked = 1 WHERE id = 1");
    } catch (err) {
      console.error(`recording: call ${callId} not marked as recorded yet (retried with the next write)`, err);
    }
  }
}

function concat(parts: Int16Array[]): Int16Array {
  if (parts.length === 1) return parts[0]!;
  const pcm = new Int16Array(parts.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of parts) {
    pcm.set(a, at);
    at += a.length;
  }
  return pcm;
}
