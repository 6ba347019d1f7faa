// Cuts a streamed reply into sentences for per-sentence speech synthesis. A sentence ends at . ! ? or …
// (with any closing quotes/brackets) followed by whitespace, or at a line break; never inside numbers
// (3.5, 1,000), after common abbreviations (Dr., e.g., a.m.) or single initials (J. R.). Ends that
// are still ambiguous at the end of the buffer wait for the next fragment. Very long sentences are cut at
// a comma or semicolon so speech can start sooner. Pure and streaming.

/** Never end a sentence: titles and the like ("Dr. Smith"). */
const TITLES = new Set(["mr", "mrs", "ms", "dr", "prof", "st", "mt", "vs", "approx", "dept", "fig", "no"]);
/** End a sentence only when a capital letter follows ("at 5 p.m. Then…" vs "at 5 p.m. today"). */
const AMBIGUOUS = new Set(["etc", "e.g", "i.e", "a.m", "p.m", "u.s", "u.k", "jr", "sr", "inc", "ltd"]);

export interface ChunkerOptions {
  /** Past this length a sentence is cut at the last comma/semicolon/colon/dash. */
  maxChars: number;
}

export class SentenceChunker {
  private buffer = "";
  private readonly maxChars: number;

  constructor(options: Partial<ChunkerOptions> = {}) {
    this.maxChars = options.maxChars ?? 220;
  }

  /** Adds a streamed fragment; returns the sentences it completed. */
  push(fragment: string): string[] {
    this.buffer += fragment;
    const out: string[] = [];
    for (;;) {
      const cut = this.findBoundary();
      if (cut === null) break;
      const sentence = this.buffer.slice(0, cut).trim();
      this.buffer = this.buffer.slice(cut);
      if (sentence) out.push(sentence);
    }
    return out;
  }

  /** The rest of the text at the end of the stream. */
  flush(): string[] {
    const rest = this.buffer.trim();
    this.buffer = "";
    return rest ? [rest] : [];
  }

  private findBoundary(): number | null {
    const text = this.buffer;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] ?? "";
      if (ch === "\n") {
        if (text.slice(0, i).trim()) return i + 1;
        continue;
      }
      if (!".!?…".includes(ch)) continue;
      let end = i + 1;
      while (end < text.length && ".!?…\"'”’)]".includes(text[end] ?? "")) end++;
      if (end >= text.length) break; // need the next character to decide
      if (!/\s/.test(text[end] ?? "")) {
        i = end - 1;
        continue; // 3.5, e.g.x, "word.word"
      }
      if (text.slice(i, end).startsWith("...") || ch === "…") {
        // An ellipsis ends a sentence only before a capital letter: "and... well" runs on.
        const next = text.slice(end).match(/\S/)?.[0];
        if (next === undefined) break;
        if (!/[A-Z0-9"“(]/.test(next)) {
          i = end - 1;
          continue;
        }
        return end;
      }
      if (ch === ".") {
        const abbreviation = this.abbreviation(text, i, end);
        if (abbreviation === "wait") break;
        if (abbreviation === "yes") continue;
      }
      return end;
    }
    if (text.length > this.maxChars) {
      const soft = Math.max(text.lastIndexOf(", ", this.maxChars), text.lastIndexOf("; ", this.maxChars), text.lastIndexOf(": ", this.maxChars), text.lastIndexOf(" - ", this.maxChars));
      if (soft > 20) return soft + 1;
      const space = text.lastIndexOf(" ", this.maxChars);
      if (space > 20) return space + 1;
    }
    return null;
  }

  /** Is the dot at `dot` part of an abbreviation? "wait" when it depends on text not received yet. */
  private abbreviation(text: string, dot: number, after: number): "yes" | "no" | "wait" {
    let start = dot;
    while (start > 0 && /[A-Za-z.]/.test(text[start - 1] ?? "")) start--;
    const word = text.slice(start, dot).toLowerCase();
    if (!word || dot + 1 !== after) return "no"; // "Dr.!" or an ellipsis ends normally
    const next = text.slice(after).match(/\S/)?.[0];
    const single = /^[A-Z]$/.test(text.slice(start, dot));
    const dependsOnNext = word === "no" || single || AMBIGUOUS.has(word);
    if (dependsOnNext && next === undefined) return "wait";
    if (word === "no") return /[0-9]/.test(next ?? "") ? "yes" : "no"; // "No. 5"
    if (TITLES.has(word)) return "yes";
    if (single) return /[A-Z]/.test(next ?? "") ? "yes" : "no"; // initials: "J. R. Tolkien"
    if (AMBIGUOUS.has(word)) return /[A-Z]/.test(next ?? "") ? "no" : "yes";
    return "no";
  }
}

/**
 * Whether `text` has anything to pronounce: a letter or a digit, in any script. A "sentence" of only an
 * emoji, dashes, an ellipsis or markup ("😊", "---", "…", "**") has none: there is nothing to synthesize.
 */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Splits complete text into sentences (the same rules, in one go). */
export function splitSentences(text: string, options: Partial<ChunkerOptions> = {}): string[] {
  const chunker = new SentenceChunker(options);
  return [...chunker.push(text), ...chunker.flush()];
}
