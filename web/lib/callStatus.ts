// The words a call's stored status is shown in, one mapping for every view (history rows, Call Details,
// the Test Call tab's recent calls): the stored word (spec §4: shown as stored), read as words, so
// "in-progress" reads "in progress" everywhere. A live call (Live Calls) is labelled Live instead.
const WORDS: Record<string, string> = {
  "in-progress": "in progress",
  in_progress: "in progress",
  "no-answer": "no answer",
};

export function statusLabel(status: string): string {
  const s = status.toLowerCase();
  return WORDS[s] ?? s.replace(/[-_]+/g, " ");
}
