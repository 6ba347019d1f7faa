// A seeded pseudo-random generator shared by the demo seed, the fuzz tests and the emotion training.
/** Small seeded PRNG (mulberry32): the same seed gives the same sequence (demo data, fuzz tests). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
