// Live-call fan-out: one browser test call watched by 500 viewer sockets (/ws/live/:callId) in local
// workerd. Typed caller turns produce transcript entries (2 per turn). Target (issue 11): entry
// delivery p99 ≤ 1.5× that of a plain Node `ws` broadcast server measured in the same run (the
// reference, below); the absolute p99 (issue 5 asked ≤ 50 ms on the development machine) is printed
// for information: it differs 2× between machines.
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
// - The reference: bench/support/ws-broadcast-thread.ts, a plain `ws` server on loopback in its own
//   worker thread, replays the very live_entry messages the direct run's first viewer received (same
//   bytes, same schedule, `at` restamped at its publish) to the same number of viewers, connected and
//   measured by the same viewer threads (FrameArrivals at the TCP socket).
// - Also: the caller's own text_input → transcription time with no viewers and with 500 (each turn
//   starts the moment the previous reply's final entry reached the caller, i.e. during that fan-out).
// The machine has 2 cores shared by workerd, the client threads and anything else running: run it on
// an otherwise idle machine, and repeat — single runs vary by ±50 %.
import { Worker } from "node:worker_threads";
import { CALL_SOCKET_PATH, livePath, versionedPath } from "../protocol/sockets";
import { type BenchUser, signedInUserSql } from "../scripts/local-app";
import { runLocalSql } from "../scripts/seed/sql";
import { type BenchContext, type Figure, type Stats, defineBench, ratioFigure, stats } from "./support/bench";
import { startDevWorker } from "./support/dev-worker";
import type { Delivery, RecordedMessages, ViewerThreadInput, ViewerThreadMessage } from "./support/viewer-thread";
import type { BroadcastThreadInput, BroadcastThreadMessage } from "./support/ws-broadcast-thread";

/** LIVE_FANOUT_VIEWERS: fewer for a quick check (the figures are about 500). */
const VIEWERS = Number(process.env.LIVE_FANOUT_VIEWERS ?? 500);
const VIEWER_USERS = 20; // 25 sockets each (a call allows 50 per user)
const VIEWER_THREADS = Number(process.env.LIVE_FANOUT_THREADS ?? 4);
const TURNS = 5;
/** Our delivery p99 over the plain `ws` server's, same run. */
const TARGET_RATIO = 1.5;

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
  recorded: RecordedMessages | null;
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
    else if (m.type === "done") onResult({ deliveries: m.deliveries, perSocket: m.perSocket, recorded: m.recorded });
    else fail(new Error(m.message));
  });
  thread.on("error", fail);
  return { thread, ready, result };
}

/**
 * Opens the viewers (one per cookie) over VIEWER_THREADS threads; `done` resolves with every delivery
 * once all saw the end (and, with `record`, what the first viewer received).
 */
async function startViewers(wsURL: string, origin: string, cookies: string[], record = false): Promise<{ extensions: string; done: Promise<ViewerResults> }> {
  const per = Math.ceil(cookies.length / VIEWER_THREADS);
  const threads = Array.from({ length: VIEWER_THREADS }, (_, t) => cookies.slice(t * per, (t + 1) * per))
    .filter((slice) => slice.length > 0)
    .map((slice, t) => spawnViewerThread({ url: wsURL, origin, cookies: slice, record: record && t === 0 }));
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
    recorded: parts[0]?.recorded ?? null,
  }));
  return { extensions, done };
}

/** Checks every viewer got every entry, logs first/last viewer per entry and per speaker; the delivery stats. */
function deliveryStats(ctx: BenchContext, label: string, { deliveries, perSocket }: ViewerResults): { all: Stats; lastViewer: Stats } {
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
  for (const who of ["caller", "assistant"]) {
    const x = stats(deliveries.filter((d) => d.speaker === who).map((d) => d.ms));
    ctx.log(`${who} entries (${label}): delivery p50 ${x.p50.toFixed(1)} ms p99 ${x.p99.toFixed(1)} ms (${x.n})`);
  }
  return { all: stats(deliveries.map((d) => d.ms)), lastViewer: stats([...lastOfEvent.values()]) };
}

interface Measured {
  figures: Figure[];
  p99: number;
  recorded: RecordedMessages | null;
}

async function measure(ctx: BenchContext, label: string, baseURL: string, owner: BenchUser, viewerUsers: BenchUser[], server: Server): Promise<Measured> {
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
  const cookies = Array.from({ length: VIEWERS }, (_, i) => viewerUsers[i % viewerUsers.length]!.cookie);
  const viewers = await startViewers(`${wsBase}${versionedPath(livePath(callId))}`, baseURL, cookies, true);
  ctx.log(`${VIEWERS} viewers (${label}) on ${VIEWER_THREADS} threads connected with their snapshot in ${((performance.now() - t0) / 1000).toFixed(1)} s; extensions: "${viewers.extensions}"`);

  const traceFrom = server.traces.length;
  const watched: number[] = [];
  for (let i = 0; i < TURNS; i++) watched.push(await turn(100 + i));
  caller.ws.send(JSON.stringify({ type: "end_call" }));
  const results = await viewers.done;
  caller.close();
  const { all: s, lastViewer: last } = deliveryStats(ctx, label, results);
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
  const figures: Figure[] = [
    { name: `entry delivery to ${VIEWERS} viewers (${label}) p50`, value: s.p50, unit: "ms" },
    { name: `entry delivery to ${VIEWERS} viewers (${label}) p99`, value: s.p99, unit: "ms" },
    { name: `entry delivery to ${VIEWERS} viewers (${label}) max`, value: s.max, unit: "ms" },
    { name: `last viewer of an entry (${label}) p50`, value: last.p50, unit: "ms" },
    { name: `server: publish → last viewer send (${label}) max`, value: Math.max(...traces.map((t) => t.lastSendAt - t.publishedAt)), unit: "ms" },
    { name: `caller text_input → transcription, no viewers (${label}) p50`, value: a.p50, unit: "ms" },
    { name: `caller text_input → transcription, ${VIEWERS} viewers (${label}) p50`, value: w.p50, unit: "ms" },
  ];
  return { figures, p99: s.p99, recorded: results.recorded };
}

/**
 * The reference: the same messages on the same schedule, fanned out by a plain `ws` broadcast server
 * (bench/support/ws-broadcast-thread.ts) to VIEWERS viewers measured the same way.
 */
async function measureReference(ctx: BenchContext, recorded: RecordedMessages): Promise<Measured> {
  const atOf = (data: string) => Number(/"at":(\d+)\}$/.exec(data)?.[1]);
  const firstAt = atOf(recorded.entries[0] ?? "");
  const input: BroadcastThreadInput = {
    snapshot: recorded.snapshot,
    entries: recorded.entries.map((data) => ({ data, offsetMs: atOf(data) - firstAt })),
  };
  if (!recorded.snapshot || input.entries.length !== TURNS * 2 || input.entries.some((e) => !Number.isFinite(e.offsetMs))) {
    throw new Error(`the direct run's first viewer recorded ${input.entries.length} entries (expected ${TURNS * 2}) or no snapshot`);
  }
  const thread = new Worker(new URL("./support/ws-broadcast-thread.ts", import.meta.url), { workerData: input });
  try {
    const messages = new Map<BroadcastThreadMessage["type"], (m: BroadcastThreadMessage) => void>();
    const failed = new Promise<never>((_, reject) => {
      thread.on("error", reject);
      messages.set("error", (m) => reject(new Error(`reference server: ${m.type === "error" ? m.message : "failed"}`)));
    });
    failed.catch(() => {});
    const next = <T extends BroadcastThreadMessage["type"]>(type: T) =>
      Promise.race([failed, new Promise<Extract<BroadcastThreadMessage, { type: T }>>((resolve) => messages.set(type, (m) => resolve(m as Extract<BroadcastThreadMessage, { type: T }>)))]);
    thread.on("message", (m: BroadcastThreadMessage) => messages.get(m.type)?.(m));
    const listening = next("listening");
    const { port } = await listening;
    const origin = `http://127.0.0.1:${port}`;
    const viewers = await startViewers(`ws://127.0.0.1:${port}/ws/live/reference`, origin, Array.from({ length: VIEWERS }, () => ""));
    ctx.log(`${VIEWERS} viewers (plain ws server) connected; extensions: "${viewers.extensions}"; replaying ${input.entries.length} entries over ${(input.entries.at(-1)!.offsetMs / 1000).toFixed(1)} s`);
    const played = next("played");
    thread.postMessage({ type: "play" });
    const [results, pass] = await Promise.all([Promise.race([failed, viewers.done]), played]);
    const { all: s, lastViewer: last } = deliveryStats(ctx, "plain ws server", results);
    const sendPass = stats(pass.sendPassMs);
    ctx.log(`plain ws server, per fan-out to ${pass.sockets} (first → last send): p50 ${sendPass.p50.toFixed(1)} ms max ${sendPass.max.toFixed(1)} ms`);
    const figures: Figure[] = [
      { name: `plain ws server: entry delivery to ${VIEWERS} viewers p50`, value: s.p50, unit: "ms" },
      { name: `plain ws server: entry delivery to ${VIEWERS} viewers p99`, value: s.p99, unit: "ms" },
      { name: `plain ws server: last viewer of an entry p50`, value: last.p50, unit: "ms" },
    ];
    return { figures, p99: s.p99, recorded: null };
  } finally {
    await thread.terminate();
  }
}

export default defineBench({
  name: "live-fanout",
  async run(ctx) {
    const server = await startServer(ctx, 2);
    try {
      const [directUsers, proxyUsers] = server.users;
      const ours = await measure(ctx, "workerd direct", server.directURL, directUsers!.owner, directUsers!.viewers, server);
      const reference = await measureReference(ctx, ours.recorded!);
      const figures = [
        ...ours.figures,
        ...reference.figures,
        ratioFigure(`entry delivery p99: workerd direct / plain ws server`, ours.p99, reference.p99, TARGET_RATIO),
      ];
      if (process.env.LIVE_FANOUT_DIRECT_ONLY) return figures; // skip the comparison run
      const proxied = await measure(ctx, "via wrangler dev proxy", server.proxyURL, proxyUsers!.owner, proxyUsers!.viewers, server);
      return [...figures, ...proxied.figures, { name: "entry delivery p99: via wrangler dev proxy / plain ws server", value: proxied.p99 / reference.p99, unit: "×" }];
    } finally {
      await server.stop();
    }
  },
});
