// The call's recording while it runs: caller frames and the Echo's speech (as sent, cut at a barge-in)
// go into a Mixdown; every CHUNK_MS of settled audio is taken as the next chunk and written to R2 as a
// chunk object, so a call that ends abruptly keeps its audio up to the last chunk. The chunk waits in
// the object's storage until R2 has it, with the progress (recording-storage.ts): a restarted object
// appends after what it took, and writes what still waits. The first stored chunk marks the call's D1
// row as recorded. A failed write is logged and retried with the next write, as it was (same index,
// same bytes: a write that timed out and lands late writes what its retry wrote), before the chunks
// taken since; nothing here can fail the call. A recording deleted after the call ended drops what
// still waits (discardWaiting).
import { Mixdown, MIX_SAMPLE_RATE } from "../audio/mixdown";
import { db } from "../db/client";
import { putChunk } from "./objects";
import { markRecordingStarted, recordingOf } from "../db/recordings";
import type { Env } from "../config/env";
import { type RecordingProgress, RecordingStorage } from "./storage";
import { withDeadline } from "../lib/settled-within";
import { logError } from "../lib/safe-error";

/** Audio written per chunk object while the call runs (5 s of PCM16 at 16 kHz: 160 KB). */
/** What the recorder reads of its call's state (the call object's store gives it). */
export interface RecordedCall {
  callId: string;
  phase: "active" | "ended";
  /** The call is recorded (the Echo's setting when the call started). */
  record?: boolean;
  callerConnectedAt: number | null;
}

export const CHUNK_MS = 5_000;
const CHUNK_SAMPLES = (CHUNK_MS * MIX_SAMPLE_RATE) / 1000;
/** Deadline of one R2 write. */
const PUT_TIMEOUT_MS = 10_000;

export class CallRecorder {
  private mix: Mixdown | null = null;
  /** Progress and the chunks waiting for R2, in the object's storage. */
  private readonly saved: RecordingStorage;
  /** The write under way, if any (queueWrite). */
  private writing: Promise<void> | null = null;
  private writeAgain = false;
  /** R2 writes not settled yet, also those whose wait timed out (a put is not cancelled: it may land late). */
  private readonly puts = new Set<Promise<unknown>>();
  /** When the call ended (callEnded()), on this recorder's clock. */
  private endedAt: number | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly store: { state(): RecordedCall | null },
    private readonly now: () => number = Date.now,
    private readonly putTimeoutMs = PUT_TIMEOUT_MS,
  ) {
    this.saved = new RecordingStorage(ctx.storage.sql);
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
    const p = this.saved.begin(this.now());
    this.mix = new Mixdown(p.started_at, this.saved.takenSamples());
    // A restarted object (eviction, a deploy) resumes from the tail kept at the last sync.
    const tail = this.saved.tail();
    if (tail) this.mix.restore(tail.at, tail.callerAt, tail.pcm);
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

  /**
   * The call is not recorded after all (its recording notice could not be said; its state no longer
   * asks for it): what the mix holds, never stored, is dropped.
   */
  notRecorded(): void {
    this.mix = null;
    this.saved.dropTail();
  }

  /**
   * At each sync (after flush()): the audio not taken yet — the caller's last fraction of a second held
   * back, the Echo's speech still queued — is kept in the object's storage, so an object that is evicted
   * loses only what came after this sync (active() resumes from it).
   */
  keepTail(): void {
    const mix = this.mix;
    if (!mix) return;
    const { at, pcm } = mix.untaken(this.now());
    this.saved.keepTail({ at, callerAt: mix.callerPosition, pcm });
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

  /**
   * Stores the settled audio as the next chunk (`final`: all of it, up to the call's end: callEnded()),
   * after the chunks still waiting for R2 (also those a restarted object took before it restarted).
   */
  flush(final = false): Promise<void> {
    const mix = this.mix ?? (final ? null : this.active());
    if (!mix) return this.saved.waiting ? this.queueWrite() : (this.writing ?? Promise.resolve());
    const pcm = mix.take(final ? (this.endedAt ?? this.now()) : this.now(), final);
    if (final) {
      this.mix = null;
      this.saved.dropTail();
    }
    this.saved.add(pcm);
    return this.queueWrite();
  }

  /**
   * True while the recording is behind: chunks taken but not stored (a failed write), or chunks stored
   * but the call not yet marked as recorded in D1. After the call ended, the alarm retries (retry()).
   */
  get behind(): boolean {
    if (this.saved.waiting) return true;
    const p = this.saved.progress();
    return p !== null && p.chunks > 0 && !p.marked;
  }

  /** Writes what a failed write left: the rest of the audio, then the D1 mark. */
  retry(): Promise<void> {
    return this.queueWrite();
  }

  /**
   * One writer at a time, kept alive past the event that asked: a write asked for while one runs makes
   * that one go round once more (writing what waits then). When the store is slow, the
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
    let p = this.saved.progress();
    if (!bucket || !p || !callId) return;
    // Chunks still waiting after the call ended, for a recording deleted without this object being told
    // (the retention job): they must not bring back audio nobody can reach or expire.
    if (p.marked && this.saved.waiting && this.store.state()?.phase === "ended") {
      let deleted: boolean;
      try {
        deleted = (await recordingOf(db(this.env.DB), callId)) === null;
      } catch (err) {
        logError(`recording: could not check whether call ${callId}'s recording was deleted (retried)`, err);
        return;
      }
      if (deleted) {
        console.warn(`recording: call ${callId} had its recording deleted; the audio not yet stored is dropped`);
        this.saved.dropWaiting();
        return;
      }
    }
    for (;;) {
      const chunk = this.saved.next();
      if (!chunk) return this.mark(p);
      try {
        await withDeadline(this.tracked(putChunk(bucket, callId, chunk.index, chunk.pcm)), this.putTimeoutMs);
      } catch (err) {
        logError(`recording: chunk ${chunk.index} of call ${callId} not stored (written again with the next write)`, err);
        return;
      }
      this.saved.stored(chunk);
      await this.mark({ ...p, chunks: p.chunks + 1 });
      p = this.saved.progress() ?? p;
    }
  }

  /**
   * The owner is deleting the recording (the call has ended: nothing new is taken): the chunks still
   * waiting for R2 are never written, and this resolves once a write under way is done, so the R2
   * objects the caller deletes next are all there will be.
   */
  async discardWaiting(): Promise<void> {
    this.saved.dropWaiting();
    await this.writing;
    await Promise.allSettled([...this.puts]); // one that timed out may still land
  }

  private tracked<T>(put: Promise<T>): Promise<T> {
    this.puts.add(put);
    const settled = () => void this.puts.delete(put);
    put.then(settled, settled);
    return put;
  }

  /** Marks the call as recorded in D1 once a chunk is stored (a failure is retried with the next write). */
  private async mark(p: RecordingProgress): Promise<void> {
    const callId = this.store.state()?.callId;
    if (p.marked || p.chunks === 0 || !callId) return;
    try {
      await markRecordingStarted(db(this.env.DB), callId, p.started_at);
      this.saved.marked();
    } catch (err) {
      logError(`recording: call ${callId} not marked as recorded yet (retried with the next write)`, err);
    }
  }
}
