// The words a call's stored status is shown in, one mapping for every view (Call History rows, Call
// Details, Live Calls, the Test Call tab's recent calls, the status filter): the stored word read as
// words ("no-answer" → "no answer"), except a call in progress, which is "Live" everywhere (spec §4:
// live calls are labelled Live), never a raw "in-progress".
import { CALL_IN_PROGRESS } from "../../protocol/call-history";

export const LIVE_LABEL = "Live";

const WORDS: Record<string, string> = {
  [CALL_IN_PROGRESS]: LIVE_LABEL,
  in_progress: LIVE_LABEL,
  "no-answer": "no answer",
};

export function statusLabel(status: string): string {
  const s = status.toLowerCase();
  return WORDS[s] ?? s.replace(/[-_]+/g, " ");
}

/** The call is still going (its duration ticks, its transcript grows). */
export function isLiveStatus(status: string): boolean {
  return WORDS[status.toLowerCase()] === LIVE_LABEL;
}
