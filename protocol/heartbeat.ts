// The one heartbeat of every app socket (/ws/call, /ws/live/:callId, /ws/feed):
//   client → server  {"type":"ping"}   (exactly PING_FRAME) after HEARTBEAT_INTERVAL_MS with nothing
//                                      else sent (the live viewer and the feed: every interval)
//   server → client  {"type":"pong"}   (exactly PONG_FRAME), at once
// Any client frame tells the server the client is there (a call whose client sends nothing for
// CALL_IDLE_TIMEOUT_MS ends); a client may treat a ping still unanswered at its next ping as a dead
// link and reconnect (the feed does). Both frames are fixed strings so a Durable Object can answer them with
// the runtime's auto-response (no wake-up, no JavaScript): the feed does.
import { z } from "zod";

export const pingMessageSchema = z.object({ type: z.literal("ping") });
export const pongMessageSchema = z.object({ type: z.literal("pong") });
export type PingMessage = z.infer<typeof pingMessageSchema>;
export type PongMessage = z.infer<typeof pongMessageSchema>;

export const PING_FRAME = JSON.stringify({ type: "ping" } satisfies PingMessage);
export const PONG_FRAME = JSON.stringify({ type: "pong" } satisfies PongMessage);

/** How often an idle client pings. */
export const HEARTBEAT_INTERVAL_MS = 25_000;
