// Word error rate: (substitutions + deletions + insertions) / reference words, by word-level edit
// distance over lower-cased words (punctuation dropped, apostrophes kept). Pure.

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/** Edit distance between two word lists. */
export function wordEdits(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const row = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitute = (previous[j - 1] as number) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1);
      row.push(Math.min(substitute, (previous[j] as number) + 1, (row[j - 1] as number) + 1));
    }
    previous = row;
  }
  return previous[hypothesis.length] as number;
}

/** WER over a set of (reference, hypothesis) pairs: total edits / total reference words. */
export function wordErrorRate(pairs: ReadonlyArray<{ reference: string; hypothesis: string }>): number {
  let edits = 0;
  let total = 0;
  for (const { reference, hypothesis } of pairs) {
    const ref = words(reference);
    edits += wordEdits(ref, words(hypothesis));
    total += ref.length;
  }
  return total === 0 ? 0 : edits / total;
}
