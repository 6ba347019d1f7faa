// Live-call fan-out: one browser test call watched by 500 viewer sockets (/ws/live/:callId) in local
// workerd. Typed caller turns produce transcript entries; every viewer timestamps each live_entry on
// arrival against the server's fan-out time (`at`, same machine clock). Target (issue 5): delivery
// p99 ≤ 50 ms. Also reported: the caller's own text_input → transcription time with and without the
// viewers (the viewers must not slow the call).
//
// Measured twice: on `wrangler dev` (its own port and state) and on the shared `vite dev` app. Both
// put a relay in front of workerd (wrangler's proxy worker; Vite's Node process), and this one Node
// client reads all 501 sockets on one thread: the figures include both, on a shared 2-core machine.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error plain ESM helper shared with `npm run dev`
import { migrateLocal } from "../scripts/local-db.mjs";
import { runLocalSql, sessionSql, userSql } from "../scripts/seed/sql";
import type { BenchUser } from "./support/app";
import { type BenchContext, type Figure, defineBench, stats } from "./support/bench";

const VIEWERS = 500;
const VIEWER_USERS = 20; // 25 sockets each (a call allows 50 per user)
const TURNS = 5;
const TARGET_P99_MS = 50;

type Msg = { type?: string; at?: number; entry?: { id: string; text: string }; final?: boolean; callId?: string };

interface Sock {
  ws: WebSocket;
  next(pred: (m: Msg) => boolean, timeoutMs?: number): Promise<Msg>;
  close(): void;
}

/** `onRaw` sees every text frame first; returning true consumes it (keeps the client's own work small). */
function open(url: string, headers: Record<string, string>, onRaw?: (data: string, receivedAt: number) => boolean): Promise<Sock> {
  return new Promise((resolve, reject) => {
    // Node's WebSocket (undici) takes request headers as a non-standard option.
    const ws = new WebSocket(url, { headers } as unknown as string[]);
    const inbox: Msg[] = [];
    const seen: string[] = [];
    let wake: (() => void) | null = null;
    ws.addEventListener("message", (ev) => {
      const receivedAt = Date.now();
      if (typeof ev.data !== "string" || onRaw?.(ev.data, receivedAt)) return;
      const m = JSON.parse(ev.data) as Msg;
      inbox.push(m);
      seen.push(m.type === "error" ? `error(${JSON.stringify(m)})` : String(m.type));
      wake?.();
    });
    ws.addEventListener("error", () => reject(new Error(`WebSocket ${url} failed`)));
    ws.addEventListener("open", () =>
      resolve({
        ws,
        async next(pred, timeoutMs = 30_000) {
          const deadline = Date.now() + timeoutMs;
          for (;;) {
            const i = inbox.findIndex(pred);
            if (i >= 0) return inbox.splice(0, i + 1).at(-1)!;
            if (Date.now() > deadline) throw new Error(`timed out waiting on ${url} (received: ${seen.slice(-12).join(", ")})`);
            await new Promise<void>((r) => {
              wake = r;
              setTimeout(r, 200);
            });
          }
        },
        close: () => ws.close(1000, "bench done"),
      }),
    );
  });
}

interface Target {
  label: string;
  baseURL: string;
  owner: BenchUser;
  viewers: BenchUser[];
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

function benchUserSql(tag: string): { user: BenchUser; sql: string[] } {
  const id = crypto.randomUUID();
  const email = `${tag}-${id.slice(0, 8)}@bench.test`;
  const token = randomBytes(20).toString("hex");
  const now = Date.now();
  const sql = [...userSql({ id, email, displayName: tag, passwordHash: null, createdAt: now }), ...sessionSql(createHash("sha256").update(token).digest("hex"), id, now)];
  return { user: { id, email, cookie: `echo_session=${token}` }, sql };
}

/** `wrangler dev` on its own port and throwaway state, users seeded before it starts. */
async function startWranglerDev(ctx: BenchContext): Promise<{ target: Target; stop: () => Promise<void> }> {
  const stateDir = mkdtempSync(join(tmpdir(), "echo-live-bench-"));
  const assets = join(stateDir, "assets");
  mkdirSync(assets);
  writeFileSync(join(assets, "index.html"), "<!doctype html><title>bench</title>");
  migrateLocal(stateDir);
  const owner = benchUserSql("live-owner");
  const viewers = Array.from({ length: VIEWER_USERS }, (_, i) => benchUserSql(`live-viewer-${i}`));
  runLocalSql([...owner.sql, ...viewers.flatMap((v) => v.sql)], stateDir);
  const port = await freePort();
  const server: ChildProcess = spawn("npx", ["wrangler", "dev", "--local", "--port", String(port), "--persist-to", stateDir, "--assets", assets], {
    env: { ...process.env, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  server.stdout?.on("data", (d: Buffer) => (log += d.toString()));
  server.stderr?.on("data", (d: Buffer) => (log += d.toString()));
  const baseURL = `http://localhost:${port}`;
  const stop = async () => {
    if (server.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    rmSync(stateDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/config`)).ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not start:\n${log.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  ctx.log(`wrangler dev on ${baseURL}`);
  return { target: { label: "wrangler dev", baseURL, owner: owner.user, viewers: viewers.map((v) => v.user) }, stop };
}

async function measure(ctx: BenchContext, target: Target): Promise<Figure[]> {
  const app = { baseURL: target.baseURL };
  const wsBase = app.baseURL.replace(/^http/, "ws");
  const owner = target.owner;
  const json = (cookie: string) => ({ Cookie: cookie, Origin: app.baseURL, "Content-Type": "application/json" });
  const post = async (cookie: string, path: string, body: unknown) => {
    const res = await fetch(`${app.baseURL}${path}`, { method: "POST", headers: json(cookie), body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id?: string }>;
  };
  const echo = await post(owner.cookie, "/api/echoes", { name: "Bench", description: "", personality: "calm", expertise: "general", instructions: "", voiceStyle: "warm" });

  const caller = await open(`${wsBase}/ws/call`, { Cookie: owner.cookie, Origin: app.baseURL });
  caller.ws.send(JSON.stringify({ type: "start_call", echoId: echo.id, userId: owner.id, callType: "browser_test" }));
  const { callId } = await caller.next((m) => m.type === "call_started");
  if (!callId) throw new Error("no call id");

  const turn = async (i: number): Promise<number> => {
    const t0 = performance.now();
    caller.ws.send(JSON.stringify({ type: "text_input", text: `Turn ${i}: how are you feeling today?` }));
    await caller.next((m) => m.type === "transcription");
    const heardMs = performance.now() - t0;
    await caller.next((m) => m.type === "ai_response" && m.final === true, 60_000);
    return heardMs;
  };
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push(await turn(i));

  // 500 viewers: the owner's invited users, 25 sockets each.
  const users = target.viewers;
  for (const u of users) await post(owner.cookie, `/api/live-calls/${callId}/participants`, { email: u.email });
  const latencies: number[] = [];
  const perViewer = new Array<number>(VIEWERS).fill(0);
  const t0 = performance.now();
  const viewers: Sock[] = [];
  for (let i = 0; i < VIEWERS; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, VIEWERS - i) }, (_, k) => {
        const idx = i + k;
        return open(`${wsBase}/ws/live/${callId}`, { Cookie: users[idx % VIEWER_USERS]!.cookie, Origin: app.baseURL }, (data, receivedAt) => {
          if (!data.startsWith('{"type":"live_entry"')) return false;
          // `at` is the message's last field: read it without parsing the whole entry.
          const at = Number(/"at":(\d+)\}$/.exec(data)?.[1]);
          latencies.push(receivedAt - at);
          perViewer[idx]! += 1;
          return true;
        });
      }),
    );
    viewers.push(...batch);
  }
  await Promise.all(viewers.map((v) => v.next((m) => m.type === "live_snapshot")));
  ctx.log(`${VIEWERS} viewers (${target.label}) connected with their snapshot in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const watched: number[] = [];
  for (let i = 0; i < TURNS; i++) watched.push(await turn(100 + i));
  caller.ws.send(JSON.stringify({ type: "end_call" }));
  await Promise.all(viewers.map((v) => v.next((m) => m.type === "live_ended")));
  caller.close();
  for (const v of viewers) v.close();

  const expected = TURNS * 2;
  const complete = perViewer.filter((n) => n === expected).length;
  ctx.log(`${latencies.length} deliveries; ${complete}/${VIEWERS} viewers (${target.label}) got all ${expected} entries`);
  if (complete !== VIEWERS) throw new Error(`only ${complete} of ${VIEWERS} viewers (${target.label}) received every entry`);
  const s = stats(latencies);
  const a = stats(alone);
  const w = stats(watched);
  const figures: Figure[] = [
    { name: `entry delivery to ${VIEWERS} viewers (${target.label}) p50`, value: s.p50, unit: "ms" },
    { name: `entry delivery to ${VIEWERS} viewers (${target.label}) p99`, value: s.p99, unit: "ms", target: { kind: "max", value: TARGET_P99_MS } },
    { name: `entry delivery to ${VIEWERS} viewers (${target.label}) max`, value: s.max, unit: "ms" },
    { name: `caller text_input → transcription, no viewers (${target.label}) p50`, value: a.p50, unit: "ms" },
    { name: `caller text_input → transcription, ${VIEWERS} viewers (${target.label}) p50`, value: w.p50, unit: "ms" },
  ];
  return figures;
}

export default defineBench({
  name: "live-fanout",
  async run(ctx) {
    const figures: Figure[] = [];
    const wrangler = await startWranglerDev(ctx);
    try {
      figures.push(...(await measure(ctx, wrangler.target)));
    } finally {
      await wrangler.stop();
    }
    const app = await ctx.app();
    figures.push(
      ...(await measure(ctx, {
        label: "vite dev",
        baseURL: app.baseURL,
        owner: app.createUser("live-owner"),
        viewers: Array.from({ length: VIEWER_USERS }, (_, i) => app.createUser(`live-viewer-${i}`)),
      })),
    );
    return figures;
  },
});
