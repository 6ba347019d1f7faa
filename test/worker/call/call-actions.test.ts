// Actions in a real browser test call (workerd, the CallSession Durable Object, D1): the local engine
// hears "call me back tomorrow at 8…", the pipeline runs it through the call-side adapter — which in
// this branch honestly has no callbacks yet — and the Echo says so. The turn's action line is stored
// with the assistant entry, sent to the caller and to a viewer, and lands in D1 and Call Details.
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { callActions } from "../../../worker/call/actions-adapter";
import { env } from "cloudflare:workers";
import { callRow, d1Transcript, eventually, startTestCall } from "../support/call";
import { api, say, viewer } from "../support/live";

const UNAVAILABLE_LINE = { action: "schedule_callback", status: "unavailable", summary: "Not available yet" };

describe("actions in a browser test call", { timeout: 60_000 }, () => {
  it("a callback request is answered honestly, and its action line reaches the caller, a viewer, D1 and Call Details", async () => {
    const { owner, socket, callId } = await startTestCall();
    const watching = await viewer(callId, owner);
    await watching.next("live_snapshot");
    const { reply } = await say(socket, "Call me back tomorrow at 8 to practise my speech.");
    expect(reply.text).toBe("I can't set reminders or call you back yet, sorry.");
    expect(reply.actions).toEqual([UNAVAILABLE_LINE]);
    const live = await watching.next<{ entry: TranscriptEntry }>((m) => m.type === "live_entry" && (m as { entry: TranscriptEntry }).entry.speaker === "assistant" && !!(m as { entry: TranscriptEntry }).entry.actions);
    expect(live.entry.actions).toEqual([UNAVAILABLE_LINE]);

    // An ordinary turn has no action line.
    const plain = await say(socket, "I'm a bit nervous about it, to be honest.");
    expect(plain.reply.actions).toBeUndefined();

    socket.send({ type: "end_call" });
    await socket.next("call_ended", 15_000);
    const stored = await eventually(async () => {
      const entries = await d1Transcript(callId);
      return entries.some((e) => e.speaker === "assistant" && e.text === reply.text) ? entries : null;
    });
    expect(stored).toBeDefined();
    const row = await env.DB.prepare("select actions from transcript_entries where id = ?").bind(reply.id).first<{ actions: string | null }>();
    expect(JSON.parse(row?.actions ?? "null")).toEqual([UNAVAILABLE_LINE]);
    const detail = (await (await api(owner, "GET", `/api/calls/${callId}`)).json()) as { transcript?: TranscriptEntry[]; entries?: TranscriptEntry[] };
    const entries = detail.transcript ?? detail.entries ?? [];
    expect(entries.find((e) => e.id === reply.id)?.actions).toEqual([UNAVAILABLE_LINE]);
    // The browser test call is the signed-in owner: verified.
    const verified = await env.DB.prepare("select caller_verified from calls where id = ?").bind(callId).first<{ caller_verified: number }>();
    expect(verified?.caller_verified).toBe(1);
    expect((await callRow(callId))?.status).toBe("completed");
  });
});

describe("the call-side adapter", () => {
  const signal = new AbortController().signal;
  it("tells an unverified caller (or a call with no owner) that it's not for them, whatever is asked", async () => {
    for (const identity of [
      { userId: "u1", echoId: "e1", callId: "c1", verified: () => false },
      { userId: null, echoId: null, callId: "c2", verified: () => true },
    ]) {
      const port = callActions(env, identity);
      expect(await port.remember({ text: "x y", kind: "fact" }, signal)).toEqual({ ok: false, problem: "unverified" });
      expect(await port.scheduleCallback({ dueAt: Date.now() + 60_000, reason: "", callerNamedTime: true }, signal)).toEqual({ ok: false, problem: "unverified" });
      expect(await port.listFollowUps(signal)).toEqual({ ok: false, problem: "unverified" });
    }
  });

  it("answers the verified owner that the capability isn't available yet (until the memory and callbacks modules are merged in)", async () => {
    const port = callActions(env, { userId: "u1", echoId: "e1", callId: "c1", verified: () => true });
    expect(await port.forget("the wedding", signal)).toEqual({ ok: false, problem: "unavailable" });
    expect(await port.cancelCallback("next", signal)).toEqual({ ok: false, problem: "unavailable" });
  });
});
