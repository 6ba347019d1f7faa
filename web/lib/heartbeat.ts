// The client side of the one heartbeat (protocol/heartbeat.ts) for sockets that must notice a dead
// link (the feed, a live viewer): a ping every HEARTBEAT_INTERVAL_MS; a ping still unanswered at the
// next tick, or a send that throws, means the link is dead. A dead TCP link may take minutes to
// produce a close event, so the owner is told at once and replaces the socket itself.
import { HEARTBEAT_INTERVAL_MS, PING_FRAME } from "../../protocol/heartbeat";

export interface HeartbeatTimers {
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
}

export interface Heartbeat {
  /** The server answered (call on every pong). */
  pong(): void;
  stop(): void;
}

/** Starts pinging `ws`; `onDead` runs once, after which the heartbeat is stopped. */
export function startHeartbeat(ws: { send(data: string): void }, onDead: () => void, timers: HeartbeatTimers): Heartbeat {
  let awaitingPong = false;
  let timer: number | null = null;
  let stopped = false;
  const stop = () => {
    stopped = true;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  const dead = () => {
    stop();
    onDead();
  };
  const tick = () => {
    timer = null;
    if (stopped) return;
    if (awaitingPong) return dead();
    awaitingPong = true;
    try {
      ws.send(PING_FRAME);
    } catch {
      return dead();
    }
    timer = timers.setTimeout(tick, HEARTBEAT_INTERVAL_MS);
  };
  timer = timers.setTimeout(tick, HEARTBEAT_INTERVAL_MS);
  return {
    pong: () => {
      awaitingPong = false;
    },
    stop,
  };
}
