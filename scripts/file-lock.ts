// A lock between processes on one machine (proper-lockfile: an exclusively made directory whose mtime
// its owner renews every UPDATE_MS while it holds it; a process that exits without letting go, on an
// error or Ctrl-C, lets go on its way out). A lock not renewed for STALE_MS (its owner was killed, or
// hangs) is taken over; one that is renewed is waited for. The owner's process id plays no part, so a
// killed run's lock is never mistaken for a live one when a new process gets the same id.
//
// Taking over is ours, not the library's: its own takeover removes the stale directory by path, so two
// takers at one stale lock could both hold it (one removing the lock the other had just made; seen
// under load). Here a taker removes a stale lock only while it holds a second, short-lived lock beside
// it, and only if the lock is still the stale one it saw.
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { lock } from "proper-lockfile";

/** A lock not renewed for this long is its dead owner's. */
export const STALE_MS = 20_000;
const UPDATE_MS = 2_000;
/** The library never takes a lock over itself (see above). */
const NEVER_STALE_MS = 24 * 60 * 60_000;
/** A takeover lock is held for a few file operations; one this old was left by a taker that died. */
const TAKEOVER_STALE_MS = 10_000;

const errCode = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** The mtime of `path` in ms, or null when it is gone. */
function mtimeOf(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch (err) {
    if (errCode(err) === "ENOENT") return null;
    throw err;
  }
}

/** True when the lock at `path` is gone or was stale and is now removed (try to take it again at once). */
function takeOverIfStale(path: string, staleMs: number): boolean {
  const seen = mtimeOf(path);
  if (seen === null) return true;
  if (Date.now() - seen < staleMs) return false;
  const takeover = `${path}.takeover`;
  try {
    mkdirSync(takeover);
  } catch (err) {
    if (errCode(err) !== "EEXIST") throw err;
    const since = mtimeOf(takeover);
    if (since !== null && Date.now() - since > TAKEOVER_STALE_MS) rmSync(takeover, { recursive: true, force: true });
    return false; // another taker is at it
  }
  try {
    if (mtimeOf(path) === seen) rmSync(path, { recursive: true, force: true });
  } finally {
    rmSync(takeover, { recursive: true, force: true });
  }
  return true;
}

/**
 * Takes the lock at `path`, waiting up to `waitMs` for its owner; answers how to let it go. Should the
 * lock be lost while held (its directory replaced), that is reported on stderr: two builds then hold the
 * deploy config at once.
 */
export async function lockFile(path: string, waitMs: number, staleMs = STALE_MS): Promise<() => Promise<void>> {
  mkdirSync(dirname(path), { recursive: true });
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    try {
      return await lock(path, {
        lockfilePath: path,
        realpath: false,
        stale: NEVER_STALE_MS,
        update: Math.min(UPDATE_MS, staleMs / 2),
        onCompromised: (err) => console.error(`The lock ${path} was lost while held (${err.message}): another process may hold it too.`),
      });
    } catch (err) {
      // ENOENT: the directory went away as the library checked it after making it (a takeover): try again.
      if (errCode(err) !== "ELOCKED" && errCode(err) !== "ENOENT") throw err;
    }
    if (takeOverIfStale(path, staleMs)) continue;
    if (Date.now() > giveUpAt) throw new Error(`${path} is still held by another process after ${Math.round(waitMs / 1000)} s`);
    await sleep(100);
  }
}
