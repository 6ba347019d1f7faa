// Live-call helpers for workerd tests: invite/join through the real API, viewer sockets on
// /ws/live/:callId, typed caller turns, and a tap on a socket's binary (audio) frames.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { type LiveAudioFrame, decodeLiveAudioFrame } from "../../../protocol/live";
import { selectProvider } from "../../../worker/ai/select";
import type { CallSession } from "../../../worker/call/CallSession";
import { type StartedCall, callStub, startTestCall } from "./call";
import { BriefProvider } from "./providers";
import { TEST_ORIGIN, type TestUser, jsonHeaders } from "./users";
import { type TestSocket, connect } from "./ws";

export type Msg = Record<string, unknown> & { type?: string };
export type EntryMsg = { type: string; text: string; entry: TranscriptEntry; final?: boolean };
export const finalReply = (m: Msg) => m.type === "ai_response" && m.final === true;

/** A browser test call whose Echo answers with one short sentence (quick real-time playback). */
export async function startBriefCall(opts: Parameters<typeof startTestCall>[0] = {}): Promise<StartedCall> {
  const call = await startTestCall(opts);
  await runInDurableObject(callStub(call.callId), (instance: CallSession) => instance.useProvider(new BriefProvider(selectProvider(env))));
  return call;
}

export function api(user: TestUser | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = user ? jsonHeaders(user) : { "Content-Type": "application/json", Origin: TEST_ORIGIN };
  return exports.default.fetch(`${TEST_ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function invite(owner: TestUser, callId: string, email: string): Promise<Response> {
  return api(owner, "POST", `/api/live-calls/${callId}/participants`, { email });
}

export function viewer(callId: string, user: TestUser): Promise<TestSocket> {
  return connect(`/ws/live/${callId}`, { cookie: user.cookie });
}

/** One typed caller turn: resolves with the caller entry and the assistant's final entry. */
export async function say(caller: TestSocket, text: string): Promise<{ heard: TranscriptEntry; reply: TranscriptEntry }> {
  caller.send({ type: "text_input", text });
  const heard = await caller.next<EntryMsg>("transcription", 8000);
  const reply = await caller.next<EntryMsg>(finalReply, 20_000);
  return { heard: heard.entry, reply: reply.entry };
}

/** Live entries a viewer received until (and without) live_ended. */
export async function entriesUntilEnd(socket: TestSocket, timeoutMs = 15_000): Promise<TranscriptEntry[]> {
  await socket.next("live_ended", timeoutMs);
  return socket.all<{ entry: TranscriptEntry }>("live_entry").map((m) => m.entry);
}

/** Collects the decoded audio frames a socket receives. */
export function tapAudio(socket: TestSocket): LiveAudioFrame[] {
  const frames: LiveAudioFrame[] = [];
  socket.ws.binaryType = "arraybuffer";
  socket.ws.addEventListener("message", (ev) => {
    if (typeof ev.data === "string") return;
    const frame = decodeLiveAudioFrame(ev.data as ArrayBuffer);
    if (frame) frames.push(frame);
  });
  return frames;
}
