// The /twilio/media socket before it reaches a CallSession. Which call a stream belongs to is known
// only from its `start` frame (the stream token in customParameters: Stream URLs carry no query), so
// the Worker accepts Twilio's socket, holds frames until `start`, verifies the token against the
// CallSid, then opens the call's CallSession socket and relays frames both ways unchanged.
import { parseTwilioFrame } from "./media-messages";
import { closeQuietly, upgradeResponse } from "../http/websocket";
import { verifyStreamToken } from "./stream-token";

/** Frames held while waiting for `start` and verifying it (Twilio sends `connected`, `start`, then media). */
const MAX_EARLY_FRAMES = 200;
export const START_TIMEOUT_MS = 10_000;

export interface RelayOptions {
  authToken: string;
  /** Opens the call's CallSession socket (null: the call cannot take a stream). */
  connect: (callId: string) => Promise<WebSocket | null>;
  /** Keeps the Worker alive for the socket's asynchronous work. */
  waitUntil: (p: Promise<unknown>) => void;
}

export function relayMediaStream(opts: RelayOptions): Response {
  const pair = new WebSocketPair();
  const [client, twilio] = [pair[0], pair[1]];
  twilio.accept();
  let early: string[] = [];
  let upstream: WebSocket | null = null;
  let phase: "waiting" | "verifying" | "open" | "closed" = "waiting";
  const closed = () => phase === "closed";

  const refuse = (code: number, reason: string) => {
    phase = "closed";
    early = [];
    clearTimeout(timer);
    closeQuietly(twilio, code, reason);
    if (upstream) closeQuietly(upstream, 1000, reason);
  };
  const timer = setTimeout(() => {
    if (phase === "waiting" || phase === "verifying") refuse(1008, "no valid start frame");
  }, START_TIMEOUT_MS);

  const open = async (token: string | undefined, callSid: string) => {
    const verified = await verifyStreamToken(opts.authToken, token);
    if (closed()) return;
    if (!verified.ok) return refuse(1008, `stream token ${verified.reason}`);
    if (verified.claims.callSid !== callSid) return refuse(1008, "stream token is for another call");
    const ws = await opts.connect(verified.claims.callId).catch((err: unknown) => {
      console.error("twilio media: call session refused the stream", err);
      return null;
    });
    if (closed()) {
      if (ws) closeQuietly(ws, 1000, "caller gone");
      return;
    }
    if (!ws) return refuse(1011, "call is not available");
    ws.accept();
    upstream = ws;
    ws.addEventListener("message", (ev) => {
      try {
        twilio.send(ev.data as string);
      } catch {
        // Twilio's side closed; its close event ends the relay
      }
    });
    ws.addEventListener("close", (ev) => {
      phase = "closed";
      closeQuietly(twilio, ev.code, ev.reason);
    });
    for (const frame of early) ws.send(frame);
    early = [];
    phase = "open";
    clearTimeout(timer);
  };

  twilio.addEventListener("message", (ev) => {
    if (phase === "closed") return;
    if (typeof ev.data !== "string") return refuse(1003, "binary frames are not part of the protocol");
    if (phase === "open") {
      try {
        upstream!.send(ev.data);
      } catch {
        refuse(1011, "call session went away");
      }
      return;
    }
    if (early.length >= MAX_EARLY_FRAMES) return refuse(1008, "too many frames before the stream was verified");
    early.push(ev.data);
    if (phase !== "waiting") return;
    const parsed = parseTwilioFrame(ev.data);
    if (!parsed.ok) return refuse(1008, parsed.error);
    if (parsed.message.event === "connected") return;
    if (parsed.message.event !== "start") return refuse(1008, "expected start");
    phase = "verifying";
    opts.waitUntil(open(parsed.message.start.customParameters.token, parsed.message.start.callSid));
  });
  twilio.addEventListener("close", (ev) => {
    const wasOpen = phase === "open";
    phase = "closed";
    clearTimeout(timer);
    if (upstream && wasOpen) closeQuietly(upstream, ev.code, ev.reason || "twilio closed");
  });
  return upgradeResponse(client);
}
