// CPU time of local processes by name, from Linux /proc: how much of a core workerd used during a run.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) used so far by each running process called `name`, by pid. */
export function cpuSecondsByPid(name: string): Map<number, number> {
  const result = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== name) continue;
      // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      result.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // the process ended meanwhile
    }
  }
  return result;
}

/** CPU seconds each process used between two snapshots (processes present in both), largest first. */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number[] {
  return [...after]
    .filter(([pid]) => before.has(pid))
    .map(([pid, s]) => s - before.get(pid)!)
    .sort((a, b) => b - a);
}
