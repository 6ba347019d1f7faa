// A reply the provider marks as closing (END_OF_CALL): the mark is never said or shown, the reply plays
// to its end, then the conversation emits `echo_ended` and takes no more turns. A closing reply the
// caller cuts off does not end the call. Spoken turns (a phone caller) and typed ones alike.
import { describe, expect, it } from "vitest";
import { END_OF_CALL } from "../../../worker/ai/provider";
import { hello, setup } from "./conversation-harness";

describe("Conversation: a closing reply ends the call", () => {
  it("after a spoken turn: the closing line plays in full, then echo_ended; nothing more is answered", async () => {
    const t = setup({ transcripts: [{ text: "bye now", recognized: true }], replies: [["Take care. ", "Goodbye!", END_OF_CALL]], audioMs: () => 800 });
    await t.speak(hello());
    await t.clock.advance(5000);
    await t.conversation.idle();
    const done = t.of("assistant_done")[0]!;
    expect(done.event.text).toBe("Take care. Goodbye!");
    expect(done.event.interrupted).toBe(false);
    expect(t.of("assistant_text").map((l) => l.event.delta).join("")).not.toContain(END_OF_CALL);
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["Take care.", "Goodbye!"]);
    const ended = t.of("echo_ended")[0]!;
    expect(ended.event.reason).toBe("echo_said_goodbye");
    expect(ended.at).toBeGreaterThanOrEqual(done.at);
    expect(t.types().at(-1)).toBe("echo_ended");
    // The conversation has stopped: a later message is not answered.
    t.conversation.pushText("wait, one more thing");
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.of("caller_turn")).toHaveLength(1);
  });

  it("an ordinary reply does not end the call", async () => {
    const t = setup({ replies: [["Hello there."]] });
    t.conversation.pushText("hi");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("assistant_done")).toHaveLength(1);
    expect(t.of("echo_ended")).toHaveLength(0);
  });

  it("a closing reply the caller cuts off does not end the call: their new turn is answered", async () => {
    const t = setup({ replies: [["Goodbye then, take good care of yourself.", END_OF_CALL], ["Oh, go on then."]], audioMs: () => 3000 });
    t.conversation.pushText("bye");
    await t.clock.advance(500);
    t.conversation.pushText("actually, wait");
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.of("assistant_done").map((l) => l.event.interrupted)).toEqual([true, false]);
    expect(t.of("echo_ended")).toHaveLength(0);
  });
});
