// A call's summary (the "recap"), made when the call ends: 2–3 sentences, the caller's mood arc and the
// follow-ups they asked for. Shown at the top of Call Details, as the Call History preview and in exports.

export const RECAP_STATUSES = ["pending", "ready", "failed"] as const;
export type RecapStatus = (typeof RECAP_STATUSES)[number];

/**
 * model: written by the call's language model from the transcript.
 * extractive: the provider has no language model (offline engine): the caller's own lines, quoted.
 */
export const RECAP_METHODS = ["model", "extractive"] as const;
export type RecapMethod = (typeof RECAP_METHODS)[number];

/**
 * A call ended this recently without a summary yet, or a summary pending this long, is still being
 * made (the job's deadline is 20 s per attempt, two attempts); after that Call Details offers a retry.
 */
export const RECAP_WAIT_MS = 60_000;

/** Most follow-ups and topics kept per call. */
export const RECAP_LIST_MAX = 5;
/** Longest summary text kept (characters). */
export const RECAP_TEXT_MAX = 600;

export interface CallRecap {
  status: RecapStatus;
  /** Null while pending or when it failed before anything was written. */
  method: RecapMethod | null;
  /** Two or three sentences ("" unless ready). */
  text: string;
  /** e.g. "anxious → calm", from the caller's stored emotion scores; null when none were scored. */
  moodArc: string | null;
  /** What the caller asked to be done or sent later. */
  followUps: string[];
  /** Lower-case topics, most important first (Insights counts them across calls). */
  topics: string[];
  /** Why the last attempt failed, in words a person can act on; null unless failed. */
  error: string | null;
  attempts: number;
  updatedAt: number;
}

/** POST /api/calls/:id/summary answers the new recap (ready or failed). */
export interface RecapRetryResult {
  recap: CallRecap;
}
