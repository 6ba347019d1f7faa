// A call's transcript as a language model gets it (pure), for the summary and for the memory made with
// it: the caller's words are untrusted data, so they go inside one <transcript> block the instructions
// call quoted, never obeyed: each line on one line (no forged speaker lines), the block's own tags made
// inert (no way out of the block), and the end of a very long call kept.
import type { TranscriptEntry } from "../../protocol/call-messages";

/** Transcript characters sent at most (the end of a very long call is kept). */
const TRANSCRIPT_CHARS_MAX = 12_000;

/** One transcript line: whitespace (newlines too) collapsed, the block's tags made inert. */
function quotedLine(text: string): string {
  return text.replace(/\s+/g, " ").replace(/<\s*(\/?)\s*transcript/gi, "[$1transcript");
}

/** The user message's content: `<transcript>`, one "Caller: …" / "Assistant: …" line per entry, `</transcript>`. */
export function transcriptBlock(transcript: readonly TranscriptEntry[]): string {
  const lines = transcript.map((e) => `${e.speaker === "caller" ? "Caller" : "Assistant"}: ${quotedLine(e.text)}`).join("\n");
  const clipped = lines.length > TRANSCRIPT_CHARS_MAX ? `…${lines.slice(lines.length - TRANSCRIPT_CHARS_MAX)}` : lines;
  return `<transcript>\n${clipped}\n</transcript>`;
}
