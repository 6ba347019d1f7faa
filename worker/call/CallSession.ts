// One Durable Object per call. (Implemented by the voice-loop work: issue 4.)
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

export class CallSession extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return new Response("Call sessions are not available yet.", { status: 501 });
  }
}
