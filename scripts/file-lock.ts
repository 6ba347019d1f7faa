// A lock between processes on one machine (proper-lockfile: an exclusively made directory whose mtime
// its owner renews while it holds it). A lock that is not renewed for STALE_MS (its owner was killed,
// or hangs) is taken over; one that is renewed is waited for. The owner's process id plays no part, so
// a killed run's lock is never mistaken for a live one when a new process gets the same id. A process
// that exits without letting go (an error, Ctrl-C) lets go on its way out.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { lock } from "proper-lockfile";

/** A lock not renewed for this long is its dead owner's. Renewed every UPDATE_MS, on a timer. */
export const STALE_MS = 20_000;
const UPDATE_MS = 2_000;

// ENOENT: another taker removed the stale lock just as this one made its own (the library's check on it failed): try again.
const isLocked = (err: unknown) => ["ELOCKED", "ENOENT"].includes((err as NodeJS.ErrnoException).code ?? "");

/**
 * Takes the lock at `path`, waiting up to `waitMs` for its owner; answers how to let it go. Should the
 * lock be lost while held (its renewals stopped for STALE_MS and another process took it), that is
 * reported on stderr: two builds then hold the deploy config at once.
 */
export async function lockFile(path: string, waitMs: number, staleMs = STALE_MS): Promise<() => Promise<void>> {
  mkdirSync(dirname(path), { recursive: true });
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    try {
      return await lock(path, {
        lockfilePath: path,
        realpath: false,
        stale: staleMs,
        update: Math.min(UPDATE_MS, staleMs / 2),
        onCompromised: (err) => console.error(`The lock ${path} was lost while held (${err.message}): another process may hold it too.`),
      });
    } catch (err) {
      if (!isLocked(err)) throw err;
    }
    if (Date.now() > giveUpAt) throw new Error(`${path} is still held by another process after ${Math.round(waitMs / 1000)} s`);
    await sleep(100);
  }
}
