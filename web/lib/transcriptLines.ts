// What a call's transcript lines show, computed once so every view agrees: how many turns the caller
// took (the recap's "In N turns" counts the same), which caller lines were typed rather than spoken (the
// Echo's answer to them says so: outcome.sttMode "typed"), and which emotions matter on a line.
import type { EmotionScores, TranscriptEntry } from "../../protocol/call-messages";
import { sortedEmotions } from "../../protocol/format";

/** Emotions below this share are left to "more" (a line lists what stands out, not all six). */
export const EMOTION_SHOWN_MIN = 0.05;

/** The caller's turns: their lines (the recap counts these too). */
export function callerTurnCount(transcript: readonly TranscriptEntry[]): number {
  return transcript.filter((e) => e.speaker === "caller").length;
}

/** Ids of the caller lines that were typed: the next Echo line answered a typed turn. */
export function typedLineIds(transcript: readonly TranscriptEntry[]): Set<string> {
  const typed = new Set<string>();
  let lastCaller: string | null = null;
  for (const e of transcript) {
    if (e.speaker === "caller") lastCaller = e.id;
    else {
      if (lastCaller && e.outcome?.sttMode === "typed") typed.add(lastCaller);
      lastCaller = null;
    }
  }
  return typed;
}

/** A line's emotions, strongest first: those that matter (≥ 5 %) and the rest (shown on demand). */
export function splitEmotions(emotions: EmotionScores): { shown: [string, number][]; rest: [string, number][] } {
  const all = sortedEmotions(emotions);
  const shown = all.filter(([, v]) => v >= EMOTION_SHOWN_MIN);
  return { shown, rest: all.slice(shown.length) };
}
