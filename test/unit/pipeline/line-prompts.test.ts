// A line's own prompts (the phone's recording notice, a keypad link's confirmation) are said through the
// conversation (say) ahead of what the Echo says: the playback clock counts them, so a reply queued
// behind one is "playing" until it has really played, and a barge-in during its last stretch cuts it.
// The prompt itself is an assistant reply of its own (its assistant_done is not the greeting's).
import { describe, expect, it } from "vitest";
import { RECORDING_NOTICE } from "../../../protocol/phone";
import { hello, setup } from "./conversation-harness";

/** The notice lasts 1.5 s; every other sentence `ms`. */
const noticeOf1500 = (ms: number) => (sentence: string) => (sentence === RECORDING_NOTICE ? 1500 : ms);

describe("Conversation: a line's prompt queued ahead", () => {
  it("the greeting plays after the prompt: it is done only once both have played", async () => {
    const t = setup({ replies: [["Hi, I'm Nova."]], synthMs: 10, audioMs: noticeOf1500(1000) }, { callType: "phone" });
    const said = t.conversation.say(RECORDING_NOTICE); // the recording notice, 1.5 s
    await t.clock.advance(10);
    expect(await said).toBe(true);
    t.conversation.greet();
    await t.clock.advance(10_000);
    await t.conversation.idle();
    const greeting = t.of("assistant_done").filter((d) => d.event.text !== RECORDING_NOTICE);
    expect(greeting[0]!.at).toBeGreaterThanOrEqual(2500);
  });

  it("a caller who talks over the greeting's last stretch (past where it would end without the prompt) cuts it", async () => {
    const t = setup(
      { transcripts: [{ text: "sorry, who is this", recognized: true }], replies: [["Hi, I'm Nova."], ["I'm Nova."]], synthMs: 10, audioMs: noticeOf1500(2000) },
      { callType: "phone" },
    );
    const said = t.conversation.say(RECORDING_NOTICE);
    await t.clock.advance(10);
    expect(await said).toBe(true);
    t.conversation.greet();
    await t.clock.advance(2500); // without the prompt the greeting would have ended at ~2 s; it plays until ~3.5 s
    await t.speak(hello(), 320);
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("interrupt")).toHaveLength(1);
    const greeting = t.of("assistant_done").filter((d) => d.event.text !== RECORDING_NOTICE);
    expect(greeting[0]!.event).toMatchObject({ interrupted: true });
  });
});
