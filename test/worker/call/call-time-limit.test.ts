// A call that has run CALL_MAX_MINUTES (default 30) is ended by its sync alarm: the Echo says the time
// limit's closing line first, then the call ends as completed with the reason "time_limit".
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { LIMIT_DEFAULTS } from "../../../worker/config/limit-settings";
import { TIME_LIMIT_LINE } from "../../../worker/limits/call-time";
import { callRow, callStub, d1Transcript, eventually, startTestCall } from "../support/call";

type Reply = { type: "ai_response"; text: string; final?: boolean };

describe("the longest a call may run", { timeout: 60_000 }, () => {
  it(`after ${LIMIT_DEFAULTS.callMaxMinutes} minutes the Echo says goodbye, then the call ends`, async () => {
    const { socket, callId } = await startTestCall();
    await socket.next<Reply>((m) => m.type === "ai_response" && m.final === true, 20_000); // the greeting
    const startedAt = (await callRow(callId))!.start_time;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // A minute short of the limit: a sync like any other; the caller typed meanwhile (not idle).
      vi.setSystemTime(startedAt + (LIMIT_DEFAULTS.callMaxMinutes - 1) * 60_000);
      socket.send({ type: "ping" });
      await socket.next("pong");
      expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
      expect((await callRow(callId))?.status).toBe("in-progress");
      vi.setSystemTime(startedAt + LIMIT_DEFAULTS.callMaxMinutes * 60_000 + 1000);
      socket.send({ type: "ping" });
      await socket.next("pong");
      expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    const closing = await socket.next<Reply>((m) => m.type === "ai_response" && m.final === true, 20_000);
    expect(closing.text).toBe(TIME_LIMIT_LINE);
    expect(await socket.next("call_ended", 20_000)).toMatchObject({ callId, reason: "time_limit" });
    const row = await eventually(async () => {
      const r = await callRow(callId);
      return r?.status !== "in-progress" ? r : null;
    });
    expect(row).toMatchObject({ status: "completed", end_reason: "time_limit" });
    const transcript = await d1Transcript(callId);
    expect(transcript.at(-1)).toMatchObject({ speaker: "assistant", text: TIME_LIMIT_LINE });
  });
});
