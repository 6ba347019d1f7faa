// A line's own prompts (the phone's recording notice, a keypad link's confirmation) are queued for the
// caller ahead of what the Echo says: the conversation's playback clock counts them, so a reply queued
// behind one is "playing" until it has really played, and a barge-in during its last stretch cuts it.
import { describe, expect, it } from "vitest";
import { hello, setup } from "./conversation-harness";

describe("Conversation: a line's prompt queued ahead", () => {
  it("the greeting plays after the prompt: it is done only once both have played", async () => {
    const t = setup({ replies: [["Hi, I'm Nova."]], synthMs: 10, audioMs: () => 1000 }, { callType: "phone" });
    t.conversation.queuedByLine(1500); // the recording notice, 1.5 s
    t.conversation.greet();
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("assistant_done")[0]!.at).toBeGreaterThanOrEqual(2500);
  });

  it("a caller who talks over the greeting's last stretch (past where it would end without the prompt) cuts it", async () => {
    const t = setup(
      { transcripts: [{ text: "sorry, who is this", recognized: true }], replies: [["Hi, I'm Nova."], ["I'm Nova."]], synthMs: 10, audioMs: () => 2000 },
      { callType: "phone" },
    );
    t.conversation.queuedByLine(1500);
    t.conversation.greet();
    await t.clock.advance(2500); // without the prompt the greeting would have ended at ~2 s; it plays until ~3.5 s
    await t.speak(hello(), 320);
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("interrupt")).toHaveLength(1);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ interrupted: true });
  });
});
