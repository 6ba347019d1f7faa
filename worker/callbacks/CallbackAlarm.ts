// One Durable Object per callback, named by its id: its only state is the callback id and one alarm at
// the callback's time. The D1 row is the truth (status, time, attempts); the alarm only wakes the placing
// (place.ts), which checks the row with a conditional write, so an alarm that runs again after a restart,
// or after the callback was cancelled, changes nothing. Why one per callback: docs/callbacks.md.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../config/env";
import { logError } from "../lib/safe-error";
import { placeDueCallback } from "./place";

const KEY = "callbackId";
/** A placing that failed unexpectedly (D1 down) is tried again this much later. */
export const ALARM_RETRY_MS = 60_000;

export class CallbackAlarm extends DurableObject<Env> {
  /** Rings callback `callbackId` at `at` (replaces an earlier time). */
  async arm(callbackId: string, at: number): Promise<void> {
    await this.ctx.storage.put(KEY, callbackId);
    await this.ctx.storage.setAlarm(at);
  }

  /** Nothing to ring any more (cancelled, deleted): the alarm and the stored id go. */
  async disarm(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    const callbackId = await this.ctx.storage.get<string>(KEY);
    if (!callbackId) return;
    try {
      const next = await placeDueCallback(this.env, callbackId, Date.now());
      if (next.kind === "again") await this.ctx.storage.setAlarm(next.at);
      else if (next.kind === "done") await this.ctx.storage.deleteAll();
      // "waiting": a status callback or a linked number arms it again.
    } catch (err) {
      logError(`callback ${callbackId}: placing failed, retrying in a minute`, err);
      await this.ctx.storage.setAlarm(Date.now() + ALARM_RETRY_MS);
    }
  }
}
