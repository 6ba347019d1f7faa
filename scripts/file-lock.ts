// A lock between processes on one machine: a file created exclusively, holding its owner's pid. A lock
// whose owner is gone (killed before it let go) is taken over; a live owner is waited for.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid written in the lock file; null when it is gone, 0 while its owner has not written it yet. */
function owner(path: string): number | null {
  try {
    return Number(readFileSync(path, "utf8")) || 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/** Takes the lock at `path`, waiting up to `waitMs` for its owner; answers how to let it go. */
export async function lockFile(path: string, waitMs: number): Promise<() => void> {
  mkdirSync(dirname(path), { recursive: true });
  const giveUpAt = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const pid = owner(path);
    if (pid === null) continue; // let go meanwhile
    if (pid > 0 && !alive(pid)) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() > giveUpAt) throw new Error(`${path} is still held by process ${pid || "(unknown)"} after ${Math.round(waitMs / 1000)} s`);
    await sleep(100);
  }
}
