// Starts the real app locally (for benchmarks and wire-level tests) on a free port with its own throwaway, migrated state
// folder, plus helpers to seed that database and to sign a user in without the password KDF.
//   "vite":     `vite dev`, exactly what `npm run dev` runs (Worker, DOs and D1 in workerd + the SPA);
//               requests pass through Vite's dev server first.
//   "wrangler": `wrangler dev`, the Worker alone in workerd (no SPA: an empty assets folder) — the
//               leaner path for API and WebSocket latencies.
//   "built":    the same, but the production build's Worker (`npm run build` first, then `wrangler dev`
//               on dist/echo/wrangler.json, scripts/production-build.ts, or on a build's config given):
//               exactly what deploys, without the local speech engines that wrangler.toml's Worker
//               carries, so it starts in seconds rather than most of a minute.
import { createHash, randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "../protocol/api";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "./local-db.mjs";
import { freePort, startServer } from "./local-server";
import { productionWorkerConfig } from "./production-build";
import { runLocalSql, sessionSql, userSql } from "./seed/sql";

export type AppServer = "vite" | "wrangler" | "built";

export interface LocalApp {
  server: AppServer;
  baseURL: string;
  stateDir: string;
  /** Runs SQL statements against the app's D1 database. */
  sql(statements: string[]): void;
  /** A user with a session; `cookie` goes in the Cookie header. */
  createUser(tag: string): BenchUser;
  /** What the server printed so far. */
  log(): string;
  stop(): Promise<void>;
}

export interface BenchUser {
  id: string;
  email: string;
  cookie: string;
}

/** SQL creating a user (no password) with a session, and that user's Cookie header — for a database to seed. */
export function signedInUserSql(tag: string): { user: BenchUser; sql: string[] } {
  const id = crypto.randomUUID();
  const email = `${tag}-${id.slice(0, 8)}@bench.test`;
  const token = randomBytes(20).toString("hex");
  const now = Date.now();
  const sessionId = createHash("sha256").update(token).digest("hex");
  const sql = [...userSql({ id, email, displayName: tag, passwordHash: null, createdAt: now }), ...sessionSql(sessionId, id, now)];
  return { user: { id, email, cookie: `${SESSION_COOKIE}=${token}` }, sql };
}

/**
 * `aiProvider` is the app's AI_PROVIDER (given through the process environment, which wrangler reads
 * when no .dev.vars exists): the benches measure the offline provider unless they ask for local speech.
 * `builtConfig`: for "built", the wrangler config of a build already made (else `npm run build`'s).
 */
export async function startLocalApp(server: AppServer = "vite", aiProvider: "offline" | "local" = "offline", builtConfig?: string): Promise<LocalApp> {
  const stateDir = mkdtempSync(join(tmpdir(), "echo-bench-"));
  migrateLocal(stateDir);
  const port = await freePort();
  const assetsDir = server === "vite" ? null : mkdtempSync(join(tmpdir(), "echo-bench-assets-"));
  const args =
    server === "vite"
      ? ["vite", "dev", "--port", String(port), "--strictPort"]
      : [
          "wrangler",
          "dev",
          ...(server === "built" ? ["--config", builtConfig ?? productionWorkerConfig()] : []),
          ...["--port", String(port), "--ip", "127.0.0.1", "--persist-to", stateDir, "--assets", assetsDir!, "--log-level", "warn"],
        ];
  const baseURL = `http://${server === "vite" ? "localhost" : "127.0.0.1"}:${port}`;
  const running = await startServer({
    args,
    env: { ...process.env, ECHO_STATE_DIR: stateDir, PORT: String(port), CI: "true", CLOUDFLARE_INCLUDE_PROCESS_ENV: "true", AI_PROVIDER: aiProvider },
    readyURL: `${baseURL}/api/config`,
  });
  const sql = (statements: string[]) => runLocalSql(statements, stateDir);
  return {
    server,
    baseURL,
    stateDir,
    sql,
    createUser(tag) {
      const { user, sql: statements } = signedInUserSql(tag);
      sql(statements);
      return user;
    },
    log: () => running.log(),
    async stop() {
      await running.stop();
      rmSync(stateDir, { recursive: true, force: true });
      if (assetsDir) rmSync(assetsDir, { recursive: true, force: true });
    },
  };
}
