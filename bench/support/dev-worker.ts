// The Worker in local workerd through wrangler's own dev API (unstable_DevEnv: the code `wrangler dev`
// runs), with throwaway migrated state (in memory where the machine allows: benchStateRoot). Benchmarks
// that push many frames connect DIRECTLY to workerd's socket for the Worker (`directURL`): `wrangler
// dev`'s public port is a proxy worker in a second workerd process that relays every frame, a hop no
// deployment has (`proxyURL`, for comparison).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstable_DevEnv } from "wrangler";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../../scripts/local-db.mjs";
import { LOCAL_TOOL_ENV } from "../../scripts/local-env.mjs";
import { productionWorkerConfig } from "../../scripts/production-build";

/** The phone benches' reference Worker (bench/reference-phone): a Durable Object that only parses frames. */
export const REFERENCE_PHONE_CONFIG = join(import.meta.dirname, "../reference-phone/wrangler.jsonc");

/**
 * Where the throwaway state goes: a memory filesystem (/dev/shm) when the machine has one, unless
 * BENCH_STATE=disk. Local workerd commits D1 and every Durable Object's storage to SQLite files with
 * fsync, on the one thread all calls share; on these VMs' disk single fsyncs took up to 10–130 ms
 * (strace, docs/phone-capacity.md). With the state on disk, listening at 100 calls read 39–161 ms (median
 * call's p99; five runs of the same code, one evening), in memory 21–66 ms (four runs, the same hour).
 * Deployed, no SQLite commit waits for a disk on the isolate's thread (D1 is a service of its own;
 * Durable Object storage is made durable outside the object's thread). The state is thrown away at
 * stop either way.
 */
function benchStateRoot(): { dir: string; medium: "memory" | "disk" } {
  const memory = process.env.BENCH_STATE !== "disk" && existsSync("/dev/shm");
  return memory ? { dir: "/dev/shm", medium: "memory" } : { dir: tmpdir(), medium: "disk" };
}

export interface DevWorker {
  /** workerd's own socket for the Worker (no relay). */
  directURL: string;
  /** wrangler dev's proxy worker in front of it. */
  proxyURL: string;
  stateDir: string;
  /** Whether the state lives in memory or on disk (benchStateRoot). */
  stateMedium: "memory" | "disk";
  stop(): Promise<void>;
}

export interface DevWorkerOptions {
  /** Plain-text variables for the Worker (on top of wrangler.toml's). */
  vars?: Record<string, string>;
  /** Runs on the migrated state folder before the Worker starts (e.g. seeding D1). */
  prepare?: (stateDir: string) => void;
  /** Every structured log line of the Worker. */
  onLog?: (message: string) => void;
  /**
   * "production" (default): the production build's Worker, as deployed. "source": wrangler.toml's
   * Worker with the local speech engines bundled (what `npm run dev` runs; for AI_PROVIDER=local).
   */
  build?: "production" | "source";
  /** Another Worker's wrangler config instead of the app's (a bench's reference Worker). */
  configPath?: string;
  /** Opens workerd's V8 inspector on this port (for CPU profiles, bench/diagnostics/workerd-profile.ts). */
  inspectorPort?: number;
}

export async function startDevWorker(opts: DevWorkerOptions = {}): Promise<DevWorker> {
  // wrangler runs in this process: its offline settings (no Request.cf lookup) go into our own env.
  for (const [name, value] of Object.entries(LOCAL_TOOL_ENV)) process.env[name] ??= value;
  const root = benchStateRoot();
  const stateDir = mkdtempSync(join(root.dir, "echo-dev-worker-"));
  const assets = join(stateDir, "assets");
  mkdirSync(assets);
  writeFileSync(join(assets, "index.html"), "<!doctype html><title>bench</title>");
  migrateLocal(stateDir);
  opts.prepare?.(stateDir);
  const devEnv = new unstable_DevEnv();
  let directURL = "";
  const reloaded = new Promise<void>((resolve) =>
    devEnv.on("reloadComplete", (event: { proxyData: { userWorkerUrl: { protocol: string; hostname: string; port: string } } }) => {
      const u = event.proxyData.userWorkerUrl;
      directURL = `${u.protocol}//${u.hostname}:${u.port}`;
      resolve();
    }),
  );
  // The production build's Worker (scripts/production-build.ts: no local speech engines, as deployed)
  // unless a bench asks for the source one, with the offline provider unless it asks for another.
  const config = opts.configPath ?? (opts.build === "source" ? join(import.meta.dirname, "../../wrangler.toml") : productionWorkerConfig());
  const vars = { AI_PROVIDER: "offline", ...opts.vars };
  const bindings = Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, { type: "plain_text", value }]));
  const worker = await devEnv.startWorker({
    config,
    assets,
    bindings,
    dev: {
      server: { hostname: "127.0.0.1", port: 0 },
      inspector: opts.inspectorPort ? { port: opts.inspectorPort } : false,
      persist: stateDir,
      watch: false,
      logLevel: "error",
      structuredLogsHandler: (log: { message: string }) => opts.onLog?.(log.message),
    },
  } as Parameters<typeof devEnv.startWorker>[0]);
  const stop = async () => {
    await worker.dispose();
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await worker.ready;
    const proxyURL = (await worker.url).origin;
    await reloaded;
    return { directURL, proxyURL, stateDir, stateMedium: root.medium, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
