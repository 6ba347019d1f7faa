// The twilio-calls bench's reference: the least a Durable Object can do with a Twilio media stream in
// local workerd. The voice webhook answers with a per-call stream URL, the Worker hands the
// /twilio/media/{callId} upgrade to that call's Durable Object (the app's own hand-over, as in
// worker/routes/twilio.ts), and the object only parses each frame and measures its lag (frame-lag.ts,
// the app's measure) — no signatures, no D1, no decoding, no pipeline. Its frame lag at the same call
// counts, in the same run, is workerd's own floor on the machine the bench runs on.
import { DurableObject } from "cloudflare:workers";
import { FrameLag } from "../../worker/twilio/frame-lag";
import { upgradeResponse } from "../../worker/http/websocket";
import { connectStreamTwiml } from "../../worker/twilio/twiml";

interface Env {
  STREAMS: DurableObjectNamespace<ReferenceStream>;
}

interface Frame {
  event?: string;
  media?: { chunk?: string; timestamp?: string };
}

export class ReferenceStream extends DurableObject<Env> {
  override fetch(): Response {
    const pair = new WebSocketPair();
    const ws = pair[1];
    ws.accept();
    const lag = new FrameLag();
    let framesIn = 0;
    ws.addEventListener("message", (ev) => {
      if (typeof ev.data !== "string") return;
      const frame = JSON.parse(ev.data) as Frame;
      if (frame.event === "media") {
        framesIn++;
        lag.record(Date.now(), Number(frame.media?.timestamp), Number(frame.media?.chunk));
      } else if (frame.event === "stop") {
        // The app's close reason, so the bench reads both the same way.
        ws.close(1000, `frames in ${framesIn}, missing 0, out 0; ${lag.summary()}`);
      }
    });
    return new Response(null, { status: 101, webSocket: pair[0] });
  }
}

const MEDIA_PATH = /^\/twilio\/media\/([\w-]{1,64})$/;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "POST" && url.pathname === "/twilio/voice") {
      const streamUrl = `ws://${url.host}/twilio/media/${crypto.randomUUID()}`;
      return new Response(connectStreamTwiml(streamUrl, {}), { headers: { "Content-Type": "text/xml; charset=utf-8" } });
    }
    const callId = MEDIA_PATH.exec(url.pathname)?.[1];
    if (!callId || request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Not found.", { status: 404 });
    const res = await env.STREAMS.get(env.STREAMS.idFromName(callId)).fetch(request);
    return res.webSocket ? upgradeResponse(res.webSocket) : res;
  },
} satisfies ExportedHandler<Env>;
