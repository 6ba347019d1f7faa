// Typed messages in a browser test call: each queues a full reply (a model's work, speech), so a call
// takes at most TYPED_PER_MINUTE of them in any minute and TYPED_PER_CALL in all; one more is refused
// with a readable error (code "typing-limit") and changes nothing. Counted in the call object's memory:
// an object that restarts starts the count again (the per-minute window is what bounds the spend).
export const TYPED_PER_MINUTE = 12;
export const TYPED_PER_CALL = 300;
export const TYPING_TOO_FAST = "You are typing faster than the Echo can answer. Wait for its reply, then send your next message.";
export const TYPING_TOO_MUCH = `This call has had ${TYPED_PER_CALL} typed messages, the most one call takes. Start a new call to go on.`;

export class TypedMessageLimit {
  private readonly recent: number[] = [];
  private total = 0;

  /** Null when a message typed at `now` is taken (and counted); else why it is refused. */
  refuse(now: number): string | null {
    while (this.recent.length && this.recent[0]! <= now - 60_000) this.recent.shift();
    if (this.total >= TYPED_PER_CALL) return TYPING_TOO_MUCH;
    if (this.recent.length >= TYPED_PER_MINUTE) return TYPING_TOO_FAST;
    this.recent.push(now);
    this.total++;
    return null;
  }
}
