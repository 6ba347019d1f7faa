// How much of a reply is said aloud: what a person says in a breath or two. A reply keeps at most
// MAX_SPOKEN_SENTENCES sentences, and stops before a sentence that would take it past MAX_SPOKEN_WORDS
// words (its first sentence is always kept; the chunker already cuts very long ones). Every engine's
// reply passes through it: the persona prompt asks models for brevity, this makes sure of it.
// Pure; knows nothing of engines.

export const MAX_SPOKEN_SENTENCES = 3;
export const MAX_SPOKEN_WORDS = 50;

const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export class SpokenCap {
  private readonly kept: string[] = [];
  private words = 0;
  private full = false;

  /** True when `sentence` is said; false once the reply is long enough (then every later one is dropped too). */
  take(sentence: string): boolean {
    if (this.full) return false;
    const words = wordCount(sentence);
    if (this.kept.length > 0 && (this.kept.length >= MAX_SPOKEN_SENTENCES || this.words + words > MAX_SPOKEN_WORDS)) {
      this.full = true;
      return false;
    }
    this.kept.push(sentence);
    this.words += words;
    return true;
  }

  /** Some of the reply was dropped. */
  get capped(): boolean {
    return this.full;
  }

  /** The reply as said: the kept sentences. */
  get text(): string {
    return this.kept.join(" ");
  }
}
