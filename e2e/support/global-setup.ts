// Starts the real app (`vite dev`: Worker, Durable Objects, D1, SPA) on a free port with a fresh
// local state folder, migrated, for the browser tests. Tears it down afterwards.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../../scripts/local-db.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
  }
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
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`dev server did not answer ${url} within ${ms} ms`);
}

export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(join(tmpdir(), "echo-e2e-"));
  migrateLocal(stateDir);
  const port = await freePort();
  const server = spawn("npx", ["vite", "dev", "--port", String(port), "--strictPort"], {
    env: { ...process.env, ECHO_STATE_DIR: stateDir, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  server.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const baseURL = `http://localhost:${port}`;
  try {
    await waitFor(`${baseURL}/api/config`, 90_000, server);
  } catch (err) {
    console.error(log);
    throw err;
  }
  project.provide("baseURL", baseURL);
  project.provide("stateDir", stateDir);
  return async () => {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    rmSync(stateDir, { recursive: true, force: true });
  };
}
