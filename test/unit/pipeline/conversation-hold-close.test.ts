// Conversation (worker/pipeline/conversation.ts), continued from conversation.test.ts: turns held by
// the end-of-turn model, the offline provider end to end, and closing a conversation.
import { describe, expect, it } from "vitest";
import { concatPcm } from "../../../worker/audio/pcm";
import { spokenUntil } from "../../../worker/pipeline/reply/spoken-reply";
import { OfflineProvider } from "../../../worker/ai/offline/provider";
import { tone } from "../../support/audio";
import { BUNDLED_VOICE } from "../../../worker/ai/offline/synth";
import { loadFixture, silence } from "../support/fixtures";
import { hello, setup, setupWith } from "./conversation-harness";

describe("Conversation: end-of-turn model", () => {
  it("holds the turn while the model says the caller isn't done, and merges the next speech into it", async () => {
    // speech-wait is "Wait, stop. … Can you say that again?": the VAD sees two turns around the pause.
    const t = setup({
      turnModel: (audio) => ({ complete: audio.samples.length > 16000 * 1.5, probability: 0.5 }),
      transcripts: (audio) => ({ text: `${(audio.samples.length / 16000).toFixed(1)} s`, recognized: true }),
      replies: [["Sure."]],
    });
    await t.speak(concatPcm([loadFixture("speech-wait"), silence(600)]));
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.provider.turnChecks.length).toBe(2);
    expect(t.of("caller_turn")).toHaveLength(1);
    expect(t.provider.transcribed[0]!.samples.length / 16000).toBeGreaterThan(2);
  });

  it("answers held speech before a message typed after it", async () => {
    const t = setup({ turnModel: () => ({ complete: false, probability: 0.2 }), transcripts: [{ text: "spoken first", recognized: true }], replies: [["One."], ["Two."]] });
    await t.speak(hello());
    t.conversation.pushText("typed second");
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["spoken first", "typed second"]);
  });

  it("a steady tone after a held turn (taken for speech, then dropped) does not keep the turn waiting", async () => {
    const hum = tone(300, 700, { amplitude: 6000 });
    const t = setup({ turnModel: () => ({ complete: false, probability: 0.2 }), replies: [["Yes?"]] }, { turnHoldMs: 1200 });
    await t.speak(concatPcm([hello(), hum, silence(3000)]), 320);
    await t.clock.advance(2000);
    await t.conversation.idle();
    expect(t.of("caller_turn")).toHaveLength(1);
    expect(t.of("assistant_done").map((l) => l.event.text)).toEqual(["Yes?"]);
  });

  it("releases the turn after the hold time when no more speech comes", async () => {
    const t = setup({ turnModel: () => ({ complete: false, probability: 0.2 }), replies: [["Yes?"]] }, { turnHoldMs: 1000 });
    await t.speak(hello());
    expect(t.of("caller_turn")).toHaveLength(0);
    await t.clock.advance(1200);
    await t.conversation.idle();
    expect(t.of("caller_turn")).toHaveLength(1);
  });
});

describe("Conversation: with the offline provider", () => {
  it("shows unrecognised speech honestly and answers in character that it can't make out words", async () => {
    const { clock, conversation, log: logged, speak } = setupWith(new OfflineProvider(), { fallbackVoice: BUNDLED_VOICE });
    await speak(concatPcm([loadFixture("speech-hello"), silence(500)]));
    await clock.advance(60_000);
    await conversation.idle();
    const log = logged.map((l) => l.event);
    const turn = log.find((e) => e.type === "caller_turn");
    expect(turn).toMatchObject({ recognized: false, text: expect.stringMatching(/^\[speech, (1\.9|2\.0) s\]$/) });
    const done = log.find((e) => e.type === "assistant_done");
    expect(done).toMatchObject({ interrupted: false, text: expect.stringMatching(/offline/i) });
    expect(log.filter((e) => e.type === "assistant_audio").length).toBeGreaterThan(1);
  });
});

describe("Conversation: close", () => {
  it("cuts the reply off without an interrupt and answers nothing more", async () => {
    const t = setup({ replies: [["A long reply. ", "More."]], audioMs: () => 3000 });
    t.conversation.pushText("hi");
    await t.clock.advance(1000);
    const closing = t.conversation.close();
    await t.clock.advance(10);
    await closing;
    expect(t.of("interrupt")).toHaveLength(0);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ interrupted: true, spokenText: expect.stringMatching(/^A…$|^A long…$/) });
    t.conversation.pushText("anyone?");
    await t.clock.advance(1000);
    expect(t.of("caller_turn")).toHaveLength(1);
  });

  it("a restart (the call goes on) cuts the reply with an interrupt, so the line stops playing it", async () => {
    const t = setup({ replies: [["A long reply. ", "More."]], audioMs: () => 3000 });
    t.conversation.pushText("hi");
    await t.clock.advance(1000);
    const closing = t.conversation.close({ stopPlayback: true });
    await t.clock.advance(10);
    await closing;
    const done = t.of("assistant_done")[0]!.event;
    expect(t.of("interrupt").map((l) => l.event.replyId)).toEqual([done.replyId]);
    expect(done).toMatchObject({ interrupted: true });
  });

  it("turns speech in progress into a last caller turn", async () => {
    const t = setup({ transcripts: [{ text: "bye", recognized: true }] });
    await t.speak(loadFixture("speech-hello").subarray(0, 16000 * 1.5));
    const closing = t.conversation.close();
    await t.clock.advance(10);
    await closing;
    expect(t.types()).toEqual(["caller_turn"]);
  });
});

describe("spokenUntil", () => {
  const played = [
    { text: "One two three four.", startAt: 0, endAt: 1000 },
    { text: "Five six.", startAt: 1000, endAt: 2000 },
  ];
  it("keeps whole sentences played and the share of words of the one cut off", () => {
    expect(spokenUntil(played, 0)).toBe("");
    expect(spokenUntil(played, 500)).toBe("One two…");
    expect(spokenUntil(played, 1000)).toBe("One two three four.");
    expect(spokenUntil(played, 5000)).toBe("One two three four. Five six.");
  });
});
