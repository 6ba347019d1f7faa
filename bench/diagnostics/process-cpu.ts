// CPU time of local processes by name, from Linux /proc: how much of a core workerd used during a run.
import { readdirSync, readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  cpuSeconds: number;
}

function procStats(): ProcStat[] {
  const result: ProcStat[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state is field 3, ppid 4, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      result.push({ pid: Number(entry), comm, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // the process ended meanwhile
    }
  }
  return result;
}

/**
 * CPU seconds (user + system) used so far by each running process called `name`, by pid — only this
 * process's descendants (the machine may run other people's workerd too).
 */
export function cpuSecondsByPid(name: string, ancestor = process.pid): Map<number, number> {
  const all = procStats();
  const parent = new Map(all.map((p) => [p.pid, p.ppid]));
  const descends = (pid: number): boolean => {
    for (let cur = parent.get(pid); cur !== undefined && cur > 1; cur = parent.get(cur)) if (cur === ancestor) return true;
    return false;
  };
  return new Map(all.filter((p) => p.comm === name && descends(p.pid)).map((p) => [p.pid, p.cpuSeconds]));
}

/** CPU seconds each process used between two snapshots (processes present in both), largest first. */
export function cpuSecondsBetween(before: Map<number, number>, after: Map<number, number>): number[] {
  return [...after]
    .filter(([pid]) => before.has(pid))
    .map(([pid, s]) => s - before.get(pid)!)
    .sort((a, b) => b - a);
}
