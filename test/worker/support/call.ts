// Test-call helpers: open /ws/call as a signed-in user and start a call with one of their Echoes.
import { env } from "cloudflare:workers";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { callSessionStub } from "../../../worker/call/internal-request";
import { createEcho, type EchoRow } from "./echoes";
import { createUser, type TestUser } from "./users";
import { connect, type TestSocket } from "./ws";

export interface StartedCall {
  owner: TestUser;
  echo: EchoRow;
  socket: TestSocket;
  callId: string;
  provider: string;
}

export async function startTestCall(opts: { owner?: TestUser; echo?: EchoRow } = {}): Promise<StartedCall> {
  const owner = opts.owner ?? (await createUser());
  const echo = opts.echo ?? (await createEcho(owner.user.id));
  const socket = await connect("/ws/call", { cookie: owner.cookie });
  socket.send({ type: "start_call", echoId: echo.id, userId: owner.user.id, callType: "browser_test" });
  const started = await socket.next<{ callId: string; provider: string }>("call_started");
  return { owner, echo, socket, callId: started.callId, provider: started.provider };
}

export function callStub(callId: string) {
  return callSessionStub(env, callId);
}

export interface CallRow {
  id: string;
  user_id: string | null;
  echo_id: string | null;
  status: string;
  start_time: number;
  end_time: number | null;
  duration: number | null;
  end_reason: string | null;
  call_type: string;
}

export async function callRow(callId: string): Promise<CallRow | null> {
  return env.DB.prepare("select * from calls where id = ?").bind(callId).first<CallRow>();
}

export async function callCount(userId: string): Promise<number> {
  const row = await env.DB.prepare("select count(*) as n from calls where user_id = ?").bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function d1Transcript(callId: string): Promise<TranscriptEntry[]> {
  const rows = await env.DB.prepare("select * from transcript_entries where call_id = ? order by seq").bind(callId).all<{
    id: string;
    seq: number;
    speaker: "caller" | "assistant";
    text: string;
    timestamp: number;
    emotions: string;
    interrupted: number;
    latency: string | null;
    outcome: string | null;
    emotion_source: TranscriptEntry["emotionSource"] | null;
  }>();
  return rows.results.map((r) => ({
    id: r.id,
    seq: r.seq,
    speaker: r.speaker,
    text: r.text,
    timestamp: r.timestamp,
    emotions: JSON.parse(r.emotions) as Record<string, number>,
    interrupted: r.interrupted === 1,
    latency: r.latency ? (JSON.parse(r.latency) as TranscriptEntry["latency"]) : null,
    outcome: r.outcome ? (JSON.parse(r.outcome) as TranscriptEntry["outcome"]) : null,
    ...(r.emotion_source ? { emotionSource: r.emotion_source } : {}),
  }));
}

export async function totals(userId: string, echoId: string): Promise<{ user: number; echo: number }> {
  const u = await env.DB.prepare("select total_calls as n from users where id = ?").bind(userId).first<{ n: number }>();
  const e = await env.DB.prepare("select total_calls as n from echoes where id = ?").bind(echoId).first<{ n: number }>();
  return { user: u?.n ?? -1, echo: e?.n ?? -1 };
}

/** Polls until `check` returns a value (not undefined/null/false) or the time is up. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== null && v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
