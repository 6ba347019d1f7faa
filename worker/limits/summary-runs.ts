// Summaries a user asks for (POST /api/calls/:id/summary), across all their calls: each run is a
// language model's work (up to two attempts), so a user has SUMMARY_RUNS_PER_HOUR of them an hour. The
// automatic summary at the end of a call does not count; a request that starts no run (one is under way)
// is taken back.
import { WindowLimit } from "./window-limit";

export const SUMMARY_RUNS_PER_HOUR = 20;

/** Keyed by the user's id. */
export const summaryRuns = new WindowLimit("summary-runs", SUMMARY_RUNS_PER_HOUR, 60 * 60 * 1000, "You have asked for many summaries in the last hour.");
