// Moves the session's stored call into D1: pending transcript entries while the call runs, and the
// one finalization at the end. Failures are reported, never thrown: the caller retries on its alarm.
import { db } from "../db/client";
import { finalizeCall, upsertTranscriptEntries, type CallOutcome } from "../db/call-writes";
import type { Env } from "../config/env";
import type { CallStore } from "./store";
import { logError } from "../lib/safe-error";

export class CallPersistence {
  constructor(
    private readonly env: Env,
    private readonly store: CallStore,
  ) {}

  /** Writes entries not yet in D1. True when nothing is left pending. */
  async syncPending(): Promise<boolean> {
    const state = this.store.state();
    const pending = this.store.pending();
    if (!state || pending.length === 0) return true;
    try {
      await upsertTranscriptEntries(
        db(this.env.DB),
        state.callId,
        pending.map((p) => p.entry),
      );
      this.store.markSynced(pending);
      return true;
    } catch (err) {
      logError(`call transcript sync failed ${state.callId}`, err);
      return false;
    }
  }

  /** Finalizes the D1 row with every pending entry. True once D1 holds the final call. */
  async finalize(outcome: CallOutcome): Promise<boolean> {
    const state = this.store.state();
    if (!state) return true;
    if (state.d1Finalized) return true;
    const pending = this.store.pending();
    try {
      await finalizeCall(
        db(this.env.DB),
        state.callId,
        outcome,
        pending.map((p) => p.entry),
      );
      this.store.markSynced(pending);
      this.store.updateState({ d1Finalized: true, finalizedAt: Date.now() });
      return true;
    } catch (err) {
      logError(`call finalization failed ${state.callId}`, err);
      return false;
    }
  }
}
