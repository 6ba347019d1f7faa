// `npm run bench`: runs every bench/<name>.bench.ts module one after another and prints one table of
// figures, with ratios against targets. `npm run bench -- calls-api` runs only matching modules.
//
// Adding a benchmark: create bench/<name>.bench.ts with
//   import { defineBench, latencyFigures, ratioFigure, timeIt } from "./support/bench";
//   export default defineBench({
//     name: "my-thing",
//     async run(ctx) {
//       const app = await ctx.app();             // the real app (vite dev → workerd), shared by all modules;
//                                                // ctx.worker(): the production build's Worker alone
//                                                // under wrangler dev (no local speech engines)
//       const user = app.createUser("me");       // a signed-in user: send `Cookie: ${user.cookie}`
//       app.sql([...]);                          // seed its database (see scripts/seed/sql.ts)
//       const s = await timeIt(() => fetch(`${app.baseURL}/api/...`, { headers: { Cookie: user.cookie } }), { iterations: 200 });
//       const ref = await timeIt(() => fetch(`${app.baseURL}/api/config`), { iterations: 200 }); // a reference, same run
//       return [...latencyFigures("GET /api/...", s),    // p50 + p95, for information
//         ratioFigure("GET /api/... p95 / reference", s.p95, ref.p95, 2)];   // the verdict: ≤ 2×
//     },
//   });
// Figures are measurements, never assertions: a missed target is reported (✗), and the exit code
// stays 0 unless a module throws. Targets hold across machines: a verdict comes from a ratio to a
// reference measured in the same run (ratioFigure) or from a capacity, never from an absolute time;
// absolute figures are printed for information, under a line naming the machine. Run on an
// otherwise idle machine for meaningful numbers.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { LocalApp } from "../scripts/local-app";
import { startLocalApp } from "../scripts/local-app";
import { type Bench, type Figure, machineSummary } from "./support/bench";

const here = import.meta.dirname;
const filters = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();

if (files.length === 0) {
  console.error(`No bench/*.bench.ts module matches ${filters.join(", ") || "(all)"}.`);
  process.exit(1);
}

const machine = machineSummary();
console.log(`machine: ${machine}`);

// A bench that asks for the app gets one started for it, and it is stopped when that bench ends: an
// app left running beside the next benches would share their two cores, and its workerd would be one
// more among theirs (twilio-calls finds workerd's inspector among its workerd processes' ports).
const started: { app?: Promise<LocalApp>; worker?: Promise<LocalApp> } = {};
async function stopStarted(): Promise<void> {
  const apps = [started.app, started.worker];
  started.app = started.worker = undefined;
  for (const app of apps) {
    // An app that never started has nothing to stop (the bench that asked for it failed with the reason).
    await app
      ?.then(
        (a) => a.stop(),
        () => undefined,
      )
      .catch((err: unknown) => console.error(`  stopping the app failed: ${err instanceof Error ? err.message : String(err)}`));
  }
}
const ctx = {
  app: () => (started.app ??= startLocalApp("vite")),
  worker: () => (started.worker ??= startLocalApp("built")),
  log: (m: string) => console.log(`  ${m}`),
};

interface Row {
  bench: string;
  figure: Figure;
}
const rows: Row[] = [];
const failures: string[] = [];

try {
  for (const file of files) {
    const mod = (await import(join(here, file))) as { default: Bench };
    const bench = mod.default;
    console.log(`▶ ${bench.name} (${file})`);
    const t0 = performance.now();
    try {
      for (const figure of await bench.run(ctx)) rows.push({ bench: bench.name, figure });
      console.log(`  done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } catch (err) {
      failures.push(`${bench.name}: ${err instanceof Error ? err.message : String(err)}`);
      console.error(`  FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    } finally {
      await stopStarted();
    }
  }
} finally {
  await stopStarted();
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const table = rows.map(({ bench, figure: f }) => {
  const t = f.target;
  // A ratio against a zero target (e.g. dropped frames ≤ 0) says nothing: leave it blank.
  const ratio = t && t.value !== 0 ? f.value / t.value : null;
  const ok = t ? (t.kind === "max" ? f.value <= t.value : f.value >= t.value) : null;
  return [
    bench,
    f.name,
    `${fmt(f.value)} ${f.unit}`,
    t ? `${t.kind === "max" ? "≤" : "≥"} ${fmt(t.value)} ${f.unit}` : "",
    ratio === null ? "" : `${ratio.toFixed(2)}×`,
    ok === null ? "" : ok ? "✓" : "✗",
  ];
});
const header = ["bench", "figure", "value", "target", "value/target", "ok"];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
console.log(`\nmachine: ${machine}\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const r of table) console.log(line(r));
if (failures.length) {
  console.error(`\n${failures.length} bench module(s) failed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exit(1);
}
