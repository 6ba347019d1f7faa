// Callbacks: the Echo calls the owner back (issue 42 §3). REST shapes shared by /api/callbacks, the
// call-side actions adapter and the dashboard's Callbacks list.

/**
 * scheduled: waiting for its time; ringing: placed, Twilio is ringing it; answered: a person took it;
 * voicemail: a machine answered and heard a short message; missed: no answer, busy or failed twice;
 * cancelled: the owner cancelled it; waiting_for_number: asked for with no linked number, placed once one
 * is linked (if still in the future).
 */
export const CALLBACK_STATUSES = ["scheduled", "ringing", "answered", "voicemail", "missed", "cancelled", "waiting_for_number"] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

/** Words the dashboard shows for each status. */
export const CALLBACK_STATUS_LABELS: Record<CallbackStatus, string> = {
  scheduled: "Scheduled",
  ringing: "Ringing",
  answered: "Answered",
  voicemail: "Voicemail",
  missed: "Missed",
  cancelled: "Cancelled",
  waiting_for_number: "Waiting for a number",
};

/** Statuses a callback can still be cancelled in. */
export const CANCELLABLE_STATUSES: readonly CallbackStatus[] = ["scheduled", "waiting_for_number"];

/** Quiet hours in the owner's time zone (hours, 24 h clock): no callback then unless the caller named the time. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;
/** Callbacks placed per user per day (the owner's calendar day) at most. */
export const DAILY_CALLBACK_CAP = 5;
/** A callback is at most this far ahead. */
export const MAX_CALLBACK_AHEAD_MS = 30 * 24 * 60 * 60_000;
/** No answer, busy or failed: one retry this much later, then missed. */
export const CALLBACK_RETRY_AFTER_MS = 10 * 60_000;
/** Attempts per callback (the first and one retry). */
export const CALLBACK_MAX_ATTEMPTS = 2;

export interface CallbackView {
  id: string;
  echoId: string | null;
  echoName: string | null;
  /** Why the caller asked ("to practise your speech"). */
  reason: string;
  /** When it rings (epoch ms); after a retry was scheduled, the retry's time. */
  dueAt: number;
  status: CallbackStatus;
  /** Calls placed so far (0, 1 or 2). */
  attempts: number;
  /** The call it was asked for in (null once that call is deleted). */
  sourceCallId: string | null;
  /** The call the answered callback became (its transcript), if any. */
  callId: string | null;
  createdAt: number;
}

/** GET /api/callbacks */
export interface CallbackList {
  upcoming: CallbackView[];
  past: CallbackView[];
}

/** Why a callback could not be scheduled (scheduleCallback's answer when not ok). */
export type CallbackProblem = "past" | "quiet-hours" | "daily-cap" | "not-configured" | "too-far";
