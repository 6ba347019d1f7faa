// The Echo ends the call when the caller says goodbye: a typed "Okay, I have to go now. Goodbye!" gets a
// closing line in character, which plays to its end, then `call_ended` (reason echo_said_goodbye) and
// the call is stored as completed. A caller who only mentions going somewhere keeps the call open.
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { callRow, eventually, startTestCall } from "../support/call";

type Reply = { type: "ai_response"; text: string; final?: boolean; entry?: TranscriptEntry };

describe("goodbye ends the call", { timeout: 30_000 }, () => {
  it("a typed goodbye gets a closing line, then call_ended, and the call is completed", async () => {
    const call = await startTestCall();
    call.socket.send({ type: "text_input", text: "Okay, I have to go now. Goodbye!" });
    const closing = await call.socket.next<Reply>((m) => m.type === "ai_response" && m.final === true, 10_000);
    expect(closing.text).toMatch(/goodbye|bye/i);
    expect(closing.text).not.toMatch(/\?/);
    const ended = await call.socket.next("call_ended", 15_000);
    expect(ended).toMatchObject({ callId: call.callId, reason: "echo_said_goodbye" });
    const row = await eventually(async () => {
      const r = await callRow(call.callId);
      return r?.status === "completed" ? r : null;
    });
    expect(row.end_reason).toBe("echo_said_goodbye");
  });

  it("mentioning going somewhere is not a goodbye: the Echo answers and the call stays open", async () => {
    const call = await startTestCall();
    call.socket.send({ type: "text_input", text: "I have to go to the dentist tomorrow and I'm nervous." });
    // A nervous caller is answered slower and softer (docs/emotion.md): the reply plays for longer.
    const reply = await call.socket.next<Reply>((m) => m.type === "ai_response" && m.final === true, 15_000);
    expect(reply.text).toMatch(/\?$/);
    expect(reply.entry?.outcome?.delivery).toMatchObject({ tone: "soft" });
    const after = await call.socket.quiet(1500);
    expect(after.some((m) => m.type === "call_ended")).toBe(false);
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended", 10_000);
  });
});
