// Running the app as a child process for browser tests and benchmarks: a free port, the dev server
// spawned in its own process group, waiting until it answers, and stopping it again.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { localToolEnv } from "./local-env.mjs";

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface LocalServer {
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  log(): string;
  /** Ends the whole process group (SIGTERM) and gives it a moment to let go of ports and files. */
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Arguments to `npx`, e.g. ["vite", "dev", "--port", "4321", "--strictPort"]. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Polled until it answers 2xx. */
  readyURL: string;
  timeoutMs?: number;
}

/** A server spawned and still starting: `ready` settles once it answers (or it failed and was stopped). */
export interface StartingServer {
  server: LocalServer;
  ready: Promise<void>;
}

/**
 * Spawns `npx …args` detached (so stop() reaches its children) and polls `readyURL` in the background.
 * If the server exits or doesn't answer in time it is stopped and `ready` rejects with the end of its log.
 */
export function spawnServer({ args, env, readyURL, timeoutMs = 90_000 }: ServerOptions): StartingServer {
  const child = spawn("npx", args, { env: localToolEnv(env), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const server: LocalServer = {
    child,
    log: () => log,
    async stop() {
      if (child.pid) {
        try {
          process.kill(-child.pid, "SIGTERM");
        } catch {
          // already gone
        }
      }
      await new Promise((r) => setTimeout(r, 300));
    },
  };
  const exited = () => (child.exitCode === null ? null : `${child.spawnargs.slice(1, 3).join(" ")} exited with ${child.exitCode}`);
  const ready = waitUntilUp(readyURL, timeoutMs, exited).catch(async (err: unknown) => {
    await server.stop();
    throw new Error(`${(err as Error).message}\n${log.slice(-2000)}`);
  });
  return { server, ready };
}

/** Spawns the server (see spawnServer) and resolves once `readyURL` answers. */
export async function startServer(options: ServerOptions): Promise<LocalServer> {
  const { server, ready } = spawnServer(options);
  await ready;
  return server;
}

/**
 * Polls `url` until it answers OK; fails after `ms`, or as soon as `gone()` names why the server will
 * never answer (it exited, its start failed).
 */
export async function waitUntilUp(url: string, ms: number, gone: () => string | null): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const reason = gone();
    if (reason) throw new Error(reason);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`dev server did not answer ${url} within ${ms} ms`);
}
