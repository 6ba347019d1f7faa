// Starts the real app locally for benchmarks on a free port with its own throwaway, migrated state
// folder, plus helpers to seed that database and to sign a user in without the password KDF.
//   "vite":     `vite dev`, exactly what `npm run dev` runs (Worker, DOs and D1 in workerd + the SPA);
//               requests pass through Vite's dev server first.
//   "wrangler": `wrangler dev`, the Worker alone in workerd (no SPA: an empty assets folder) — the
//               leaner path for API and WebSocket latencies.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../../scripts/local-db.mjs";
import { runLocalSql, sessionSql, userSql } from "../../scripts/seed/sql";

export type AppServer = "vite" | "wrangler";

export interface LocalApp {
  server: AppServer;
  baseURL: string;
  stateDir: string;
  /** Runs SQL statements against the app's D1 database. */
  sql(statements: string[]): void;
  /** A user with a session; `cookie` goes in the Cookie header. */
  createUser(tag: string): BenchUser;
  stop(): Promise<void>;
}

export interface BenchUser {
  id: string;
  email: string;
  cookie: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitFor(url: string, ms: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`dev server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`dev server did not answer ${url} within ${ms} ms`);
}

export async function startLocalApp(server: AppServer = "vite"): Promise<LocalApp> {
  const stateDir = mkdtempSync(join(tmpdir(), "echo-bench-"));
  migrateLocal(stateDir);
  const port = await freePort();
  const assetsDir = server === "wrangler" ? mkdtempSync(join(tmpdir(), "echo-bench-assets-")) : null;
  const args =
    server === "vite"
      ? ["vite", "dev", "--port", String(port), "--strictPort"]
      : ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir, "--assets", assetsDir!, "--log-level", "warn"];
  const child = spawn("npx", args, {
    env: { ...process.env, ECHO_STATE_DIR: stateDir, PORT: String(port), CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const baseURL = `http://${server === "vite" ? "localhost" : "127.0.0.1"}:${port}`;
  try {
    await waitFor(`${baseURL}/api/config`, 90_000, child);
  } catch (err) {
    console.error(log);
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    throw err;
  }
  const sql = (statements: string[]) => runLocalSql(statements, stateDir);
  return {
    server,
    baseURL,
    stateDir,
    sql,
    createUser(tag) {
      const id = crypto.randomUUID();
      const email = `${tag}-${id.slice(0, 8)}@bench.test`;
      const token = randomBytes(20).toString("hex");
      const sessionId = createHash("sha256").update(token).digest("hex");
      const now = Date.now();
      sql([...userSql({ id, email, displayName: tag, passwordHash: null, createdAt: now }), ...sessionSql(sessionId, id, now)]);
      return { id, email, cookie: `echo_session=${token}` };
    },
    async stop() {
      if (child.pid) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      await new Promise((r) => setTimeout(r, 300));
      rmSync(stateDir, { recursive: true, force: true });
      if (assetsDir) rmSync(assetsDir, { recursive: true, force: true });
    },
  };
}
