// A seeded Fisher–Yates shuffle, so training the emotion model (scripts/train-emotions.ts) gives the same
// weights on every run; the seeded generator is the project's one (scripts/seed/prng.ts, mulberry32). Pure.

/** Shuffles `items` in place with `random`, and returns it. */
export function shuffleInPlace<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = items[i] as T;
    items[i] = items[j] as T;
    items[j] = a;
  }
  return items;
}
