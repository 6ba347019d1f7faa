// The actions port: what the pipeline calls when the caller asks the Echo to do something during a call
// (issue 42 §2). The pipeline knows only this interface; the call side implements it
// (worker/call/actions-adapter.ts) over the memory and callback modules. Every method gets a signal
// that fires at the action's deadline (settings.actionMs); an answer after it is not waited for.
// A method answers what happened; it throws only when something broke (the caller hears it didn't work).

/** Why the port could not do it: the deployment doesn't have it yet, or the caller isn't known to be the owner. */
export type PortProblem = "unavailable" | "unverified";

/** Why a callback could not be scheduled (the callbacks module's problems). */
export type CallbackProblem = "past" | "quiet-hours" | "daily-cap" | "not-configured" | "too-far";

export type PortAnswer<T, P extends string = never> = { ok: true; value: T } | { ok: false; problem: P | PortProblem };

/** One thing to remember: a fact the caller shared, or a follow-up they asked for. */
export interface RememberInput {
  text: string;
  kind: "fact" | "follow_up";
}

export interface CallbackInput {
  /** Epoch ms, in the future (the pipeline checked it). */
  dueAt: number;
  /** Why, from the caller's side ("to practise my speech"); may be empty. */
  reason: string;
  /** The caller said the time themselves (quiet hours then don't apply). */
  callerNamedTime: boolean;
}

export interface ScheduledCallback {
  dueAt: number;
  /** There is no linked number yet: the callback is kept until there is one. */
  waitingForNumber: boolean;
}

export interface ActionPort {
  remember(item: RememberInput, signal: AbortSignal): Promise<PortAnswer<void>>;
  /** Forgets what matches the phrase; `removed`: how many items went. */
  forget(phrase: string, signal: AbortSignal): Promise<PortAnswer<{ removed: number }>>;
  scheduleCallback(input: CallbackInput, signal: AbortSignal): Promise<PortAnswer<ScheduledCallback, CallbackProblem>>;
  /** Cancels the next upcoming callback; null: there was none. */
  cancelCallback(which: "next", signal: AbortSignal): Promise<PortAnswer<{ dueAt: number; reason: string } | null>>;
  /** The open follow-ups, newest first, as short lines ("check how the interview went"). */
  listFollowUps(signal: AbortSignal): Promise<PortAnswer<{ items: string[] }>>;
}
