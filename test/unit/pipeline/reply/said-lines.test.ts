// The call side's fixed lines said through the conversation (Conversation.say, reply/said-lines.ts): an
// assistant reply of their own that answers no turn, in the Echo's voice or, when speech fails, the
// fallback voice the call side gave; queued behind what is playing, which the playback clock counts;
// done once queued (never cut by barge-in); and never said once the conversation has closed.
import { describe, expect, it } from "vitest";
import { RECORDING_NOTICE } from "../../../../protocol/phone";
import type { FallbackVoice } from "../../../../worker/ai/provider";
import { BUNDLED_VOICE } from "../../../../worker/ai/offline/synth";
import { stepError } from "../../support/chaos-provider";
import { hello, setup } from "../conversation-harness";

const CONFIRMATION = "Your number is now linked to your Echo account.";

describe("Conversation.say: a fixed line of the call side", () => {
  it("is an assistant reply of its own (started, its text, its audio, done once queued); the playback clock counts it", async () => {
    const t = setup({ synthMs: 10, audioMs: () => 1500 }, { callType: "phone" });
    const said = t.conversation.say(RECORDING_NOTICE);
    await t.clock.advance(10);
    expect(await said).toBe(true);
    expect(t.types()).toEqual(["assistant_started", "assistant_text", "assistant_audio", "assistant_done"]);
    expect(t.of("assistant_started")[0]!.event.turnId).toBeNull();
    expect(t.of("assistant_audio")[0]!.event).toMatchObject({ sentence: RECORDING_NOTICE, durationMs: 1500 });
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: RECORDING_NOTICE, spokenText: RECORDING_NOTICE, interrupted: false, outcome: { status: "ok" } });
    expect(t.of("assistant_done")[0]!.at).toBe(10);
    expect(t.conversation.assistantActive).toBe(true); // still playing, by the playback clock
    await t.clock.advance(1000);
    expect(t.conversation.assistantActive).toBe(true);
    await t.clock.advance(600);
    expect(t.conversation.assistantActive).toBe(false);
  });

  it("when speech fails, the fallback voice says it (marked as a fallback), and the failure is logged", async () => {
    const fallbackCalls: string[] = [];
    const fallbackVoice: FallbackVoice = {
      synthesize: (text, voice) => {
        fallbackCalls.push(text);
        return BUNDLED_VOICE.synthesize(text, voice);
      },
    };
    const t = setup({ synthMs: 10 }, { callType: "phone", fallbackVoice }, { synthesize: [stepError("speech", "model gone", false)] });
    const said = t.conversation.say(RECORDING_NOTICE);
    await t.clock.advance(100);
    expect(await said).toBe(true);
    expect(fallbackCalls).toEqual([RECORDING_NOTICE]);
    const audio = t.of("assistant_audio")[0]!.event;
    expect(audio.pcm.length).toBeGreaterThan(0);
    expect(audio.durationMs).toBeGreaterThan(500); // the bundled voice's take, not the test tone
    await t.clock.advance(10_000);
    expect(t.of("assistant_done")[0]!.event.outcome).toMatchObject({ status: "ok", fallbacks: ["line:clip"] });
    expect(t.trail.some((l) => l.level === "error" && l.record.line === "said")).toBe(true);
  });

  it("a line said again comes from the copy kept the first time (the provider is asked once)", async () => {
    const t = setup({ synthMs: 10, audioMs: () => 500 });
    for (let i = 0; i < 2; i++) {
      const said = t.conversation.say(CONFIRMATION);
      await t.clock.advance(1000);
      expect(await said).toBe(true);
    }
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual([CONFIRMATION]);
    expect(t.of("assistant_audio")).toHaveLength(2);
  });

  it("is queued behind the reply playing: the next reply plays after it, and barge-in does not cut the line", async () => {
    const t = setup(
      { transcripts: [{ text: "wait", recognized: true }], replies: [["Hi, I'm Nova."], ["Sure."]], synthMs: 10, audioMs: (s) => (s === CONFIRMATION ? 3000 : 1000) },
      { callType: "phone" },
    );
    const said = t.conversation.say(CONFIRMATION);
    await t.clock.advance(10);
    await said;
    t.conversation.greet();
    await t.clock.advance(500);
    await t.speak(hello(), 320); // the caller talks over the line (and the greeting queued behind it)
    await t.clock.advance(10_000);
    await t.conversation.idle();
    const line = t.of("assistant_done").find((d) => d.event.text === CONFIRMATION)!;
    expect(line.event).toMatchObject({ interrupted: false, spokenText: CONFIRMATION });
    expect(t.of("interrupt")).toHaveLength(1); // the greeting's, not the line's
    const greetingAudio = t.of("assistant_audio").find((a) => a.event.sentence !== CONFIRMATION)!;
    expect(greetingAudio.at).toBeLessThan(3010); // made while the line played, and queued behind it
    const greeting = t.of("assistant_done").find((d) => d.event.text !== CONFIRMATION)!;
    expect(greeting.event.interrupted).toBe(true); // the greeting was still queued behind the line: cut
  });

  it("after close() nothing is said", async () => {
    const t = setup({ synthMs: 10, audioMs: () => 4000 });
    const said = t.conversation.say(CONFIRMATION);
    await t.clock.advance(10);
    await said;
    await t.clock.advance(100);
    const closing = t.conversation.close();
    await t.clock.advance(0);
    await closing;
    expect(await t.conversation.say(RECORDING_NOTICE)).toBe(false);
    expect(t.of("assistant_audio")).toHaveLength(1);
  });

  it("closed while the line is being voiced: it is never said", async () => {
    const t = setup({ synthMs: 500 });
    const said = t.conversation.say(RECORDING_NOTICE);
    await t.clock.advance(100);
    await t.conversation.close();
    await t.clock.advance(1000);
    expect(await said).toBe(false);
    expect(t.types()).toEqual([]);
  });
});
