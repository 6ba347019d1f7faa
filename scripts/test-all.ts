// `npm test`'s vitest part: two vitest runs side by side, one output. The browser suite (`e2e`) runs
// its files one at a time against one app, and vitest runs such a project only after every other
// project has finished; most of its time is waiting on real-time audio, the browser and app starts,
// as is most of the workerd projects' time (phone calls paced at 20 ms a frame). So the browser suite
// gets a vitest of its own, started at the same moment as the one for `worker`, `worker-openai`,
// `worker-local-speech` and `unit` (which runs its files in parallel, vitest.config.ts's maxWorkers).
// Each run's lines are passed through whole as they come (every line names its project); at the end
// one summary adds the two runs up, in vitest's own words, so `.ci/run` reads one "Tests" line.
// Arguments are passed to both runs (e.g. `npm test -- -t "speech"`).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** vitest's own entry, started with this very Node (npm scripts run the project's Node 22). */
const VITEST = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node}: run this through npm (\`npm test\`), which puts the project's Node 22 first`);
  process.exit(1);
}

interface Run {
  label: string;
  projects: string[];
  /** Extra environment when the whole suite runs (no arguments given). */
  wholeSuiteEnv?: NodeJS.ProcessEnv;
}

const RUNS: Run[] = [
  // Its global setup launches e2e/local-speech.test.ts's app (40–100 s to start) at once, so that the
  // start overlaps the other browser files; with a filter it may not be needed, so the file starts it.
  { label: "browser", projects: ["e2e"], wholeSuiteEnv: { ECHO_E2E_LAUNCH_LOCAL_SPEECH: "1" } },
  { label: "workerd + unit", projects: ["worker", "worker-openai", "worker-local-speech", "unit"] },
];

const ANSI = /\x1b\[[0-9;]*m/g;

interface Outcome {
  label: string;
  code: number;
  /** vitest's closing "Test Files" and "Tests" lines, without colours. */
  files?: string;
  tests?: string;
}

function run({ label, projects, wholeSuiteEnv }: Run, extra: string[]): Promise<Outcome> {
  const args = [VITEST, "run", ...projects.flatMap((p) => ["--project", p]), ...extra];
  // Colours as a terminal would get them; vitest sees a pipe, so it prints plain lines (no live redraw).
  const env = { ...process.env, ...(extra.length === 0 ? wholeSuiteEnv : {}), ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) };
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env });
  const outcome: Outcome = { label, code: 1 };
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let pending = "";
    from.setEncoding("utf8");
    from.on("data", (chunk: string) => {
      pending += chunk;
      const end = pending.lastIndexOf("\n");
      if (end < 0) return;
      const lines = pending.slice(0, end + 1);
      pending = pending.slice(end + 1);
      to.write(lines);
      for (const line of lines.replace(ANSI, "").split("\n")) {
        if (/^\s*Test Files\s/.test(line)) outcome.files = line.trim();
        else if (/^\s*Tests\s/.test(line)) outcome.tests = line.trim();
      }
    });
    from.on("end", () => pending && to.write(pending + "\n"));
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on("error", (err) => {
      process.stderr.write(`[${label}] could not start vitest: ${err.message}\n`);
      resolve(outcome);
    });
    child.on("close", (code, signal) => {
      if (signal) process.stderr.write(`[${label}] vitest ended by ${signal}\n`);
      resolve({ ...outcome, code: code ?? 1 });
    });
  });
}

/** "1 failed | 666 passed (667)" → counts by kind, and the total in brackets. */
function counts(line: string | undefined): { kinds: Map<string, number>; total: number } | null {
  const m = line?.match(/^(?:Test Files|Tests)\s+(.*)\((\d+)\)\s*$/);
  if (!m) return null;
  const kinds = new Map<string, number>();
  for (const part of m[1]!.split("|")) {
    const k = part.trim().match(/^(\d+) (.+)$/);
    if (k) kinds.set(k[2]!, Number(k[1]));
  }
  return { kinds, total: Number(m[2]) };
}

function sum(name: string, lines: (string | undefined)[]): string | null {
  const parsed = lines.map(counts);
  if (parsed.some((p) => p === null)) return null;
  const kinds = new Map<string, number>();
  let total = 0;
  for (const p of parsed as NonNullable<ReturnType<typeof counts>>[]) {
    total += p.total;
    for (const [kind, n] of p.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  }
  // vitest's order: failures first.
  const order = ["failed", "passed"];
  const sorted = [...kinds].sort(([a], [b]) => (order.indexOf(a) + 1 || 9) - (order.indexOf(b) + 1 || 9));
  return `${name.padStart(11)}  ${sorted.map(([kind, n]) => `${n} ${kind}`).join(" | ")} (${total})`;
}

const started = Date.now();
const outcomes = await Promise.all(RUNS.map((r) => run(r, process.argv.slice(2))));
const seconds = ((Date.now() - started) / 1000).toFixed(1);

console.log(`\n Both vitest runs (${RUNS.map((r) => r.projects.join(", ")).join(" | ")}) ended after ${seconds} s:`);
for (const o of outcomes) console.log(`   ${o.label}: exit ${o.code}; ${o.files ?? "no summary"}; ${o.tests ?? ""}`);
const files = sum("Test Files", outcomes.map((o) => o.files));
const tests = sum("Tests", outcomes.map((o) => o.tests));
if (files && tests) console.log(`\n${files}\n${tests}\n   Duration  ${seconds}s (both runs)`);
else console.log("\n (a run printed no summary: see its output above)");
process.exit(outcomes.every((o) => o.code === 0) ? 0 : 1);
