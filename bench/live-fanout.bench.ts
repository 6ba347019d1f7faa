// Live-call fan-out: one browser test call watched by 500 viewer sockets (/ws/live/:callId) in local
// workerd. Typed caller turns produce transcript entries (2 per turn); target (issue 5): entry delivery
// p99 ≤ 50 ms.
//
// How it is measured:
// - The Worker runs in workerd through wrangler's own API (unstable_DevEnv: the code `wrangler dev`
//   runs). Viewers connect DIRECTLY to workerd's socket for the Worker; a second run goes through
//   wrangler dev's proxy worker (another workerd process relaying every frame) for comparison
//   (LIVE_FANOUT_DIRECT_ONLY=1 skips it).
// - The 500 viewers are spread over LIVE_FANOUT_THREADS (4) Node worker threads
//   (bench/support/viewer-thread.ts). They are `ws` clients offering permessage-deflate as browsers
//   do (the server declines it: worker/http/websocket.ts; the log shows what was agreed). Each
//   live_entry is timestamped when its frame reached the viewer's TCP socket (before the client
//   reassembles and parses it) against its `at` (the server's Date.now() at publish; same clock).
// - Server side: the Worker runs with LIVE_FANOUT_TRACE=1 (a bench-only variable) and the call's
//   Durable Object logs each fan-out (worker/call/viewers.ts): publish → first viewer send → last viewer
//   send returned. Everything after that (framing, socket writes, the client) is the
//   difference to the delivery figures.
// - Also: the caller's own text_input → transcription time with no viewers and with 500 (each turn
//   starts the moment the previous reply's final entry reached the caller, i.e. during that fan-out).
// The machine has 2 cores shared by workerd, the client threads and anything else running: run it on
// an otherwise idle machine, and repeat — single runs vary by ±50 %.
import { Worker } from "node:worker_threads";
import { CALL_SOCKET_PATH, livePath, versionedPath } from "../protocol/sockets";
import { type BenchUser, signedInUserSql } from "../scripts/local-app";
import { runLocalSql } from "../scripts/seed/sql";
import { type BenchContext, type Figure, defineBench, stats } from "./support/bench";
import { startDevWorker } from "./support/dev-worker";
import type { Delivery, ViewerThreadInput, ViewerThreadMessage } from "./support/viewer-thread";

const VIEWERS = 500;
const VIEWER_USERS = 20; // 25 sockets each (a call allows 50 per user)
const VIEWER_THREADS = Number(process.env.LIVE_FANOUT_THREADS ?? 4);
const TURNS = 5;
const TARGET_P99_MS = 50;

type Msg = { type?: string; final?: boolean; callId?: string };

interface Sock {
  ws: WebSocket;
  next(pred: (m: Msg) => boolean, timeoutMs?: number): Promise<Msg>;
  close(): void;
}

function open(url: string, headers: Record<string, string>): Promise<Sock> {
  return new Promise((resolve, reject) => {
    // Node's WebSocket (undici) takes request headers as a non-standard option.
    const ws = new WebSocket(url, { headers } as unknown as string[]);
    const inbox: Msg[] = [];
    const seen: string[] = [];
    let wake: (() => void) | null = null;
    ws.addEventListener("message", (ev) => {
      if (typeof ev.data !== "string") return;
      const m = JSON.parse(ev.data) as Msg;
      inbox.push(m);
      seen.push(m.type === "error" ? `error(${JSON.stringify(m)})` : String(m.type));
      wake?.();
    });
    ws.addEventListener("error", () => reject(new Error(`WebSocket ${url} failed`)));
    ws.addEventListener("open", () =>
      resolve({
        ws,
        async next(pred, timeoutMs = 60_000) {
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

/** One fan-out as the Durable Object logged it (worker/call/viewers.ts, LIVE_FANOUT_TRACE). */
interface FanoutTrace {
  kind: string;
  sockets: number;
  publishedAt: number;
  firstSendAt: number;
  lastSendAt: number;
}

interface Server {
  /** workerd's own socket for the Worker (no relay). */
  directURL: string;
  /** wrangler dev's proxy worker in front of it. */
  proxyURL: string;
  traces: FanoutTrace[];
  users: { owner: BenchUser; viewers: BenchUser[] }[];
  stop(): Promise<void>;
}

/** The Worker in workerd (wrangler's dev API), with users for `runs` calls and the fan-out trace on. */
async function startServer(ctx: BenchContext, runs: number): Promise<Server> {
  const users = Array.from({ length: runs }, (_, r) => ({
    owner: signedInUserSql(`live-owner-${r}`),
    viewers: Array.from({ length: VIEWER_USERS }, (_, i) => signedInUserSql(`live-viewer-${r}-${i}`)),
  }));
  const traces: FanoutTrace[] = [];
  const worker = await startDevWorker({
    vars: { LIVE_FANOUT_TRACE: "1" },
    prepare: (stateDir) =>
      runLocalSql(
        users.flatMap((u) => [...u.owner.sql, ...u.viewers.flatMap((v) => v.sql)]),
        stateDir,
      ),
    onLog: (message) => {
      const m = /live-fanout (\{.*\})/.exec(message);
      if (m) traces.push(JSON.parse(m[1]!) as FanoutTrace);
    },
  });
  ctx.log(`workerd direct ${worker.directURL}; wrangler proxy ${worker.proxyURL}`);
  return {
    directURL: worker.directURL,
    proxyURL: worker.proxyURL,
    traces,
    users: users.map((u) => ({ owner: u.owner.user, viewers: u.viewers.map((v) => v.user) })),
    stop: worker.stop,
  };
}

interface ViewerResults {
  deliveries: Delivery[];
  perSocket: number[];
}

/** One thread of viewers: `ready` once all its sockets have their snapshot (with the agreed extensions). */
function spawnViewerThread(input: ViewerThreadInput): { thread: Worker; ready: Promise<string>; result: Promise<ViewerResults> } {
  const thread = new Worker(new URL("./support/viewer-thread.ts", import.meta.url), { workerData: input });
  let onReady!: (extensions: string) => void;
  let onResult!: (r: ViewerResults) => void;
  const rejects: ((err: Error) => void)[] = [];
  const ready = new Promise<string>((resolve, reject) => ((onReady = resolve), rejects.push(reject)));
  const result = new Promise<ViewerResults>((resolve, reject) => ((onResult = resolve), rejects.push(reject)));
  result.catch(() => {}); // a failure is reported through `ready` or `done`, whichever is awaited
  const fail = (err: Error) => rejects.forEach((reject) => reject(err));
  thread.on("message", (m: ViewerThreadMessage) => {
    if (m.type === "ready") onReady(m.extensions);
    else if (m.type === "done") onResult({ deliveries: m.deliveries, perSocket: m.perSocket });
    else fail(new Error(m.message));
  });
  thread.on("error", fail);
  return { thread, ready, result };
}

/** Opens the viewers over VIEWER_THREADS threads; `done` resolves with every delivery once all saw the end. */
async function startViewers(wsURL: string, origin: string, users: BenchUser[]): Promise<{ extensions: string; done: Promise<ViewerResults> }> {
  const cookies = Array.from({ length: VIEWERS }, (_, i) => users[i % users.length]!.cookie);
  const per = Math.ceil(VIEWERS / VIEWER_THREADS);
  const threads = Array.from({ length: VIEWER_THREADS }, (_, t) => cookies.slice(t * per, (t + 1) * per))
    .filter((slice) => slice.length > 0)
    .map((slice) => spawnViewerThread({ url: wsURL, origin, cookies: slice }));
  const stop = () => Promise.all(threads.map((t) => t.thread.terminate()));
  let extensions: string;
  try {
    [extensions = ""] = await Promise.all(threads.map((t) => t.ready));
  } catch (err) {
    await stop();
    throw err;
  }
  const done = Promise.all(threads.map((t) => t.result)).finally(stop).then((parts) => ({
    deliveries: parts.flatMap((p) => p.deliveries),
    perSocket: parts.flatMap((p) => p.perSocket),
  }));
  return { extensions, done };
}

async function measure(ctx: BenchContext, label: string, baseURL: string, owner: BenchUser, viewerUsers: BenchUser[], server: Server): Promise<Figure[]> {
  const wsBase = baseURL.replace(/^http/, "ws");
  const json = (cookie: string) => ({ Cookie: cookie, Origin: baseURL, "Content-Type": "application/json" });
  const post = async (cookie: string, path: string, body: unknown) => {
    const res = await fetch(`${baseURL}${path}`, { method: "POST", headers: json(cookie), body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ id?: string }>;
  };
  const echo = await post(owner.cookie, "/api/echoes", { name: "Bench", description: "", personality: "calm", expertise: "general", instructions: "", voiceStyle: "warm" });

  const caller = await open(`${wsBase}${versionedPath(CALL_SOCKET_PATH)}`, { Cookie: owner.cookie, Origin: baseURL });
  caller.ws.send(JSON.stringify({ type: "start_call", echoId: echo.id, userId: owner.id, callType: "browser_test" }));
  const { callId } = await caller.next((m) => m.type === "call_started");
  if (!callId) throw new Error("no call id");

  const turn = async (i: number): Promise<number> => {
    const t0 = performance.now();
    caller.ws.send(JSON.stringify({ type: "text_input", text: `Turn ${i}: how are you feeling today?` }));
    await caller.next((m) => m.type === "transcription");
    const heardMs = performance.now() - t0;
    await caller.next((m) => m.type === "ai_response" && m.final === true);
    return heardMs;
  };
  const alone: number[] = [];
  for (let i = 0; i < 3; i++) alone.push(await turn(i));

  for (const u of viewerUsers) await post(owner.cookie, `/api/live-calls/${callId}/participants`, { email: u.email });
  const t0 = performance.now();
  const viewers = await startViewers(`${wsBase}${versionedPath(livePath(callId))}`, baseURL, viewerUsers);
  ctx.log(`${VIEWERS} viewers (${label}) on ${VIEWER_THREADS} threads connected with their snapshot in ${((performance.now() - t0) / 1000).toFixed(1)} s; extensions: "${viewers.extensions}"`);

  const traceFrom = server.traces.length;
  const watched: number[] = [];
  for (let i = 0; i < TURNS; i++) watched.push(await turn(100 + i));
  caller.ws.send(JSON.stringify({ type: "end_call" }));
  const { deliveries, perSocket } = await viewers.done;
  caller.close();

  const expected = TURNS * 2;
  const complete = perSocket.filter((n) => n === expected).length;
  ctx.log(`${deliveries.length} deliveries; ${complete}/${VIEWERS} viewers (${label}) got all ${expected} entries`);
  if (complete !== VIEWERS) throw new Error(`only ${complete} of ${VIEWERS} viewers (${label}) received every entry`);

  // The last viewer of each event: how long the whole fan-out took to land.
  const lastOfEvent = new Map<string, number>();
  const firstOfEvent = new Map<string, number>();
  for (const d of deliveries) {
    lastOfEvent.set(d.key, Math.max(lastOfEvent.get(d.key) ?? 0, d.ms));
    firstOfEvent.set(d.key, Math.min(firstOfEvent.get(d.key) ?? Number.POSITIVE_INFINITY, d.ms));
  }
  ctx.log(`per entry, first viewer: ${[...firstOfEvent.values()].map((v) => v.toFixed(0)).join(" ")} ms; last viewer: ${[...lastOfEvent.values()].map((v) => v.toFixed(0)).join(" ")} ms`);
  const s = stats(deliveries.map((d) => d.ms));
  for (const who of ["caller", "assistant"]) {
    const x = stats(deliveries.filter((d) => d.speaker === who).map((d) => d.ms));
    ctx.log(`${who} entries (${label}): delivery p50 ${x.p50.toFixed(1)} ms p99 ${x.p99.toFixed(1)} ms (${x.n})`);
  }
  const last = stats([...lastOfEvent.values()]);
  const traces = server.traces.slice(traceFrom).filter((t) => t.kind === "entry" && t.sockets === VIEWERS);
  const toFirstSend = stats(traces.map((t) => t.firstSendAt - t.publishedAt));
  const sendPass = stats(traces.map((t) => t.lastSendAt - t.firstSendAt));
  ctx.log(`server, per fan-out (publish → first send + first → last send): ${traces.map((t) => `${t.firstSendAt - t.publishedAt}+${t.lastSendAt - t.firstSendAt}`).join(" ")} ms`);
  ctx.log(
    `server (${label}, ${traces.length} fan-outs to ${VIEWERS}): publish → first send p50 ${toFirstSend.p50} ms max ${toFirstSend.max} ms; ` +
      `first → last send p50 ${sendPass.p50} ms max ${sendPass.max} ms (workerd clock)`,
  );
  const a = stats(alone);
  const w = stats(watched);
  return [
    { name: `entry delivery to ${VIEWERS} viewers (${label}) p50`, value: s.p50, unit: "ms" },
    { name: `entry delivery to ${VIEWERS} viewers (${label}) p99`, value: s.p99, unit: "ms", target: { kind: "max", value: TARGET_P99_MS } },
    { name: `entry delivery to ${VIEWERS} viewers (${label}) max`, value: s.max, unit: "ms" },
    { name: `last viewer of an entry (${label}) p50`, value: last.p50, unit: "ms" },
    { name: `server: publish → last viewer send (${label}) max`, value: Math.max(...traces.map((t) => t.lastSendAt - t.publishedAt)), unit: "ms" },
    { name: `caller text_input → transcription, no viewers (${label}) p50`, value: a.p50, unit: "ms" },
    { name: `caller text_input → transcription, ${VIEWERS} viewers (${label}) p50`, value: w.p50, unit: "ms" },
  ];
}

export default defineBench({
  name: "live-fanout",
  async run(ctx) {
    const server = await startServer(ctx, 2);
    try {
      const [direct, proxied] = server.users;
      const figures = await measure(ctx, "workerd direct", server.directURL, direct!.owner, direct!.viewers, server);
      if (process.env.LIVE_FANOUT_DIRECT_ONLY) return figures; // skip the comparison run
      return [...figures, ...(await measure(ctx, "via wrangler dev proxy", server.proxyURL, proxied!.owner, proxied!.viewers, server))];
    } finally {
      await server.stop();
    }
  },
});
