// The change feed of /ws/feed: the server pushes "something changed" events to a user's open
// dashboards (refetch it); the client sends only the heartbeat's ping (protocol/heartbeat.ts), which
// the server answers with pong. Both directions are schemas; both sides read frames with them.
import { z } from "zod";
import { messageReader } from "./frame";
import { pingMessageSchema, pongMessageSchema } from "./heartbeat";

export const feedEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("echo_changed"), echoId: z.string() }),
  z.object({ type: z.literal("call_changed"), callId: z.string() }),
  z.object({ type: z.literal("live_call_started"), callId: z.string() }),
  z.object({ type: z.literal("live_call_ended"), callId: z.string() }),
]);
export type FeedEvent = z.infer<typeof feedEventSchema>;

/** Feed frames are small; anything bigger is not ours. */
export const MAX_FEED_FRAME_BYTES = 4096;

export const feedServerMessageSchema = z.discriminatedUnion("type", [feedEventSchema, pongMessageSchema]);
export type FeedServerMessage = z.infer<typeof feedServerMessageSchema>;
export const feedServerMessages = messageReader(feedServerMessageSchema, MAX_FEED_FRAME_BYTES);

export const feedClientMessageSchema = z.discriminatedUnion("type", [pingMessageSchema]);
export type FeedClientMessage = z.infer<typeof feedClientMessageSchema>;
export const feedClientMessages = messageReader(feedClientMessageSchema, MAX_FEED_FRAME_BYTES);
