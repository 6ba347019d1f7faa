// `npm test`'s vitest part: three vitest runs, one output, one summary. Most of the suite's time is
// waiting, not computing: phone calls paced at 20 ms a frame, real-time audio into the browser, app
// and browser starts. One vitest runs its groups (vitest.config.ts's `sequence.groupOrder`) one after
// another, and the browser suite one file at a time, so here two chains go side by side:
//   1. `worker` and `worker-openai`, then `unit` and `unit-isolated` (several files at a time,
//      maxWorkers); after them, the two projects that run local speech (`worker-local-speech`,
//      `e2e-local-speech`, beside each other): the heaviest on CPU, with time limits inside, so not
//      beside the workerd files. The app with the engines that e2e/local-speech.test.ts needs takes
//      40–100 s to start, so it is launched at the very start, and the file finds it through
//      ECHO_E2E_LOCAL_SPEECH_APP;
//   2. the browser suite `e2e` (one file at a time, against one app), the longer chain.
// Each run's lines are passed through whole as they come (every line names its project); at the end
// one summary adds the runs up, in vitest's own words, so `.ci/run` reads one "Tests" line.
// Arguments are passed to every run (e.g. `npm test -- -t "speech"`); then a run may find no files.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LAUNCHED_APP_ENV, type LaunchedAppRef, launchLocalSpeechApp } from "../e2e/support/local-speech-app";

/** vitest's own entry, started with this very Node (npm scripts run the project's Node 22). */
const VITEST = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node}: run this through npm (\`npm test\`), which puts the project's Node 22 first`);
  process.exit(1);
}

interface Run {
  label: string;
  projects: string[];
}

const WORKERD_AND_UNIT: Run = { label: "workerd + unit", projects: ["worker", "worker-openai", "unit", "unit-isolated"] };
const LOCAL_SPEECH: Run = { label: "local speech", projects: ["worker-local-speech", "e2e-local-speech"] };
const BROWSER: Run = { label: "browser", projects: ["e2e"] };

const ANSI = /\x1b\[[0-9;]*m/g;

interface Outcome {
  label: string;
  code: number;
  /** vitest's closing "Test Files" and "Tests" lines, without colours. */
  files?: string;
  tests?: string;
}

/** The vitest runs under way; an interrupt goes to each, and no further run starts. */
const running = new Set<ChildProcess>();
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) child.kill(signal);
  });
}

function run({ label, projects }: Run, extra: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  // With a filter, a run may find none of its files: that is not a failure here (the total is checked).
  const args = [VITEST, "run", ...projects.flatMap((p) => ["--project", p]), ...(extra.length ? ["--passWithNoTests", ...extra] : [])];
  // Colours as a terminal would get them; vitest sees a pipe, so it prints plain lines (no live redraw).
  const env = { ...process.env, ...extraEnv, ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) };
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
  running.add(child);
  child.on("close", () => running.delete(child));
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
  const parsed = lines.map(counts).filter((p) => p !== null);
  if (parsed.length === 0) return null;
  const kinds = new Map<string, number>();
  let total = 0;
  for (const p of parsed) {
    total += p.total;
    for (const [kind, n] of p.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  }
  // vitest's order: failures first.
  const order = ["failed", "passed"];
  const sorted = [...kinds].sort(([a], [b]) => (order.indexOf(a) + 1 || 9) - (order.indexOf(b) + 1 || 9));
  return `${name.padStart(11)}  ${sorted.map(([kind, n]) => `${n} ${kind}`).join(" | ")} (${total})`;
}

/** Launches e2e/local-speech.test.ts's app (not waiting for it); a failed start is written where the file looks. */
async function launchEarly(): Promise<{ env: NodeJS.ProcessEnv; stop(): Promise<void> }> {
  // Inside the project (git-ignored .e2e-state), as the file's own start does.
  const root = fileURLToPath(new URL("../.e2e-state", import.meta.url));
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, "local-speech-app-"));
  const ref: LaunchedAppRef = { baseURL: "", failureFile: join(dir, "start-failure.txt") };
  const app = await launchLocalSpeechApp(dir);
  app.ready.catch((err: unknown) => writeFileSync(ref.failureFile, err instanceof Error ? err.message : String(err)));
  return {
    env: { [LAUNCHED_APP_ENV]: JSON.stringify({ ...ref, baseURL: app.baseURL }) },
    async stop() {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const extra = process.argv.slice(2);
const started = Date.now();
const browser = run(BROWSER, extra);
const workerdAndUnit = run(WORKERD_AND_UNIT, extra);
// Only the whole suite surely runs that file; with a filter, the file starts its app if it runs.
const early =
  extra.length === 0
    ? await launchEarly().catch((err: unknown) => {
        console.error("could not launch the local speech app early (e2e/local-speech.test.ts will start it):", err);
        return null;
      })
    : null;
const outcomes: Outcome[] = [];
try {
  outcomes.push(await workerdAndUnit);
  if (!interrupted) outcomes.push(await run(LOCAL_SPEECH, extra, early?.env));
} finally {
  await early?.stop();
}
outcomes.push(await browser);
const seconds = ((Date.now() - started) / 1000).toFixed(1);

console.log(`\n vitest runs ended after ${seconds} s (${WORKERD_AND_UNIT.label}, then ${LOCAL_SPEECH.label}, beside ${BROWSER.label}):`);
for (const o of outcomes) console.log(`   ${o.label}: exit ${o.code}; ${o.files ?? "no summary"}; ${o.tests ?? ""}`);
const files = sum("Test Files", outcomes.map((o) => o.files));
const tests = sum("Tests", outcomes.map((o) => o.tests));
if (files && tests) console.log(`\n${files}\n${tests}\n   Duration  ${seconds}s (all runs)`);
else console.log("\n no test ran");
process.exit(files && tests && outcomes.every((o) => o.code === 0) ? 0 : 1);
