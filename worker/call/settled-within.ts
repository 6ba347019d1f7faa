// Waits for work, but no longer than a limit: the work goes on past it (nothing is cancelled).

/** Resolves when `work` is done or `ms` has passed, whichever comes first (`work` resolves, never rejects). */
export async function settledWithin(work: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
