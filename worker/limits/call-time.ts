// The longest a call may run (CALL_MAX_MINUTES, default 30): once it has run that long, the sync alarm
// has the Echo say TIME_LIMIT_LINE, then ends the call ("time_limit", completed). Every call's minutes
// cost model time, and a caller who never hangs up (or a script) would otherwise hold them for ever.
export const TIME_LIMIT_LINE = "We have reached the time limit for one call, so I have to say goodbye now. Thank you for calling, and call again any time.";

/** How long the closing line may take before the call ends anyway (a stuck speech engine). */
export const TIME_LIMIT_LINE_WAIT_MS = 20_000;

/** Whether a call that started at `startTime` has run out of time at `now`. */
export function callTimeIsUp(startTime: number, now: number, maxMinutes: number): boolean {
  return now - startTime >= maxMinutes * 60_000;
}
