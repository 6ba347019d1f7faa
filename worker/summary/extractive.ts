// The summary a provider without a language model can honestly give (pure): the caller's own lines,
// quoted, the lines in which they asked for something later, and their most frequent words as topics.
import type { TranscriptEntry } from "../../protocol/call-messages";
import { RECAP_LIST_MAX, RECAP_TEXT_MAX } from "../../protocol/summary";
import { contentWords } from "../ai/words";

/** Caller lines that ask for something to happen later. */
const REQUEST = /\b(remind me|send me|call me( back)?|email me|text me|follow up|get back to me|can you (send|remind|book|schedule|check|call|email)|could you (send|remind|book|schedule|check|call|email)|please (send|remind|book|schedule|call|email)|don't forget|next (week|time|call))\b/i;

/** Not topics, besides the function words (worker/ai/words.ts). */
const NOT_TOPICS = new Set(["something", "anything", "tomorrow", "today"]);

function sentences(text: string): string[] {
  return (text.match(/[^.!?…]+[.!?…]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

function callerLines(transcript: readonly TranscriptEntry[]): string[] {
  return transcript.filter((e) => e.speaker === "caller" && e.text.trim() && !/^\[.*\]$/.test(e.text.trim())).map((e) => e.text.trim());
}

export interface ExtractiveRecap {
  text: string;
  followUps: string[];
  topics: string[];
}

/** Words of 4+ letters the caller used most, contractions left out, possessives as their noun (ties: first used first). */
export function keywordTopics(lines: readonly string[], max = 3): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    for (const word of contentWords(line, 4, NOT_TOPICS)) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([w]) => w);
}

export function extractiveRecap(transcript: readonly TranscriptEntry[]): ExtractiveRecap {
  const lines = callerLines(transcript);
  if (lines.length === 0) return { text: "The caller said nothing that was transcribed.", followUps: [], topics: [] };
  const quoted = [lines[0]!, ...(lines.length > 1 ? [lines[lines.length - 1]!] : [])].map((l) => `“${l}”`);
  const opening = lines.length === 1 ? "The caller said:" : `In ${lines.length} turns, the caller opened with`;
  const text = lines.length === 1 ? `${opening} ${quoted[0]}` : `${opening} ${quoted[0]} and closed with ${quoted[1]}`;
  const followUps = lines
    .flatMap(sentences)
    .filter((s) => REQUEST.test(s))
    .slice(0, RECAP_LIST_MAX);
  return { text: text.slice(0, RECAP_TEXT_MAX), followUps, topics: keywordTopics(lines) };
}
