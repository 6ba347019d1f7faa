// The system prompt's memory section (pure): what the Echo remembers of this caller, one line per fact,
// in the order given (the call side ranks them: worker/memory/rank.ts), cut to a bound in tokens.
// Token rule: ceil(characters / 4), the usual estimate for English with the BPE tokenizers of Llama 3
// and OpenAI's models (it over-counts short lines a little, so the bound holds in practice).
import { MEMORY_KIND_LABELS, type MemoryNote } from "../../../protocol/memory";

/** The memory section's bound, in estimated tokens (header included). */
export const MEMORY_SECTION_TOKENS = 300;

/** Estimated tokens of a text: ceil(characters / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function line(note: MemoryNote): string {
  const when = note.kind === "event" && note.expiresAt !== null ? `on ${day(note.expiresAt)}, ` : "";
  return `- [${MEMORY_KIND_LABELS[note.kind].toLowerCase()}, ${when}said ${day(note.saidAt)}] ${note.text}`;
}

/**
 * The section, or "" without notes. Lines are added while the whole stays within `maxTokens`; a line
 * that doesn't fit is skipped (a shorter one after it may still fit).
 */
export function memorySection(notes: readonly MemoryNote[], now: number, maxTokens = MEMORY_SECTION_TOKENS): string {
  if (notes.length === 0) return "";
  const header = `What you remember of this caller from earlier calls (today is ${day(now)}; their own words, most relevant first). Use it naturally, never as a list; don't bring up a worry or a person unless it helps them:`;
  let text = header;
  let added = 0;
  for (const note of notes) {
    const next = `${text}\n${line(note)}`;
    if (estimateTokens(next) > maxTokens) continue;
    text = next;
    added++;
  }
  return added > 0 ? text : "";
}
