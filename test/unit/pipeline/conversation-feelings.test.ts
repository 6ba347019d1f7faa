// The Echo answers how the caller feels, on the manual clock: the reply's delivery follows the caller's
// emotions (it reaches the speech engine and is stored in the assistant entry's outcome and the trail),
// and a sad caller's next turn is given a longer end-of-turn silence (bounded, logged) while an excited
// caller's is not. Caller entries say where their emotions came from.
import { describe, expect, it } from "vitest";
import { concatPcm } from "../../../worker/audio/pcm";
import { DEFAULT_TURN_OPTIONS } from "../../../worker/pipeline/turns/end-of-turn";
import { MAX_PATIENCE_MS } from "../../../worker/pipeline/turns/patience";
import { loadFixture, silence, SPEECH_END_MS } from "../support/fixtures";
import { hello, setup } from "./conversation-harness";

const SAD = "I feel so sad and lonely since my mother died.";
const HAPPY = "This is wonderful, I got the job! I'm so happy!";

describe("delivery follows the caller", () => {
  it("a sad caller is answered slower and softer: the speech engine is asked for it, the entry and the trail record it", async () => {
    const t = setup({ replies: [["I'm so sorry. ", "I'm here."]], audioMs: () => 300 });
    t.conversation.pushText(SAD);
    await t.clock.advance(5000);
    await t.conversation.idle();
    const asked = t.provider.synthCalls.map((c) => c.delivery);
    expect(asked).toHaveLength(2);
    for (const d of asked) expect(d).toMatchObject({ tone: "soft", rate: expect.any(Number) as number });
    expect(asked[0]!.rate).toBeLessThan(1);
    const done = t.of("assistant_done")[0]!.event;
    expect(done.outcome.delivery).toEqual(asked[0]);
    const line = t.trail.find((l) => l.record.event === "turn")!.record;
    expect(line.delivery).toMatchObject({ tone: "soft" });
    expect(JSON.stringify(line)).not.toContain("mother"); // no caller words in the log
  });

  it("a happy caller gets a brighter voice; a greeting the voice as it is (nothing stored)", async () => {
    const t = setup({ replies: [["Hello!"], ["Congratulations!"]], audioMs: () => 300 });
    t.conversation.greet();
    await t.clock.advance(2000);
    t.conversation.pushText(HAPPY);
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.provider.synthCalls.map((c) => c.delivery?.tone)).toEqual(["neutral", "bright"]);
    const [greeting, reply] = t.of("assistant_done").map((l) => l.event.outcome);
    expect(greeting).toEqual({ status: "ok", sttMode: "none" });
    expect(reply!.delivery).toMatchObject({ tone: "bright" });
    expect(reply!.delivery!.pitchSt).toBeGreaterThan(0);
  });

  it("typed lines are scored from the words; spoken turns from the words, then words and voice once the voice has a baseline", async () => {
    const t = setup({ transcripts: [{ text: "hello there", recognized: true }], replies: [["Hi."]], audioMs: () => 200 });
    t.conversation.pushText("Good morning.");
    await t.clock.advance(2000);
    for (let i = 0; i < 2; i++) {
      await t.speak(hello());
      await t.clock.advance(2000);
    }
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.emotionSource)).toEqual(["words", "words", "words_and_voice"]);
  });
});

describe("patience: a sad caller is given longer before the Echo answers", () => {
  const speech = loadFixture("speech-hello");
  /** The fixture's own silence after its speech. */
  const tailMs = speech.length / 16 - SPEECH_END_MS["speech-hello"]!;

  /** Speech, then `silenceMs` of silence after it, in 20 ms frames; how many caller turns there are then. */
  async function speakThenWait(t: ReturnType<typeof setup>, silenceMs: number): Promise<number> {
    await t.speak(concatPcm([speech, silence(Math.max(0, silenceMs - tailMs))]), 320);
    await t.clock.advance(0);
    return t.of("caller_turn").length;
  }

  async function afterFirstTurn(words: string) {
    const t = setup({ transcripts: [{ text: words, recognized: true }, { text: "and then", recognized: true }], replies: [["Okay."]], audioMs: () => 200 });
    expect(await speakThenWait(t, 400)).toBe(1);
    await t.clock.advance(3000); // the reply has played
    await t.conversation.idle();
    return t;
  }

  it("after a sad turn the caller's pause is not taken for the end of their turn until the longer window has passed", async () => {
    const t = await afterFirstTurn(SAD);
    // The normal window (250 ms) has passed, and more: the turn is still open.
    expect(await speakThenWait(t, DEFAULT_TURN_OPTIONS.silenceMs + 200)).toBe(1);
    await t.speak(silence(MAX_PATIENCE_MS), 320);
    await t.clock.advance(0);
    expect(t.of("caller_turn")).toHaveLength(2);
    await t.clock.advance(3000);
    await t.conversation.idle();
    // Logged per turn and stored with the answer: the extra silence the caller was given.
    const lines = t.trail.filter((l) => l.record.event === "turn").map((l) => l.record.patienceMs);
    expect(lines).toEqual([0, MAX_PATIENCE_MS]);
    expect(t.of("assistant_done").map((l) => l.event.outcome.patienceMs)).toEqual([undefined, MAX_PATIENCE_MS]);
    expect(t.of("caller_turn")[1]!.event.speechMs).toBeLessThan(3000);
  });

  it("after an excited turn the normal window ends the turn", async () => {
    const t = await afterFirstTurn(HAPPY);
    expect(await speakThenWait(t, DEFAULT_TURN_OPTIONS.silenceMs + 40)).toBe(2);
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.trail.filter((l) => l.record.event === "turn").map((l) => l.record.patienceMs)).toEqual([0, 0]);
  });

  it("a typed line leaves the window as it was", async () => {
    const t = await afterFirstTurn(SAD);
    t.conversation.pushText(HAPPY); // typed: says nothing of the caller's pauses
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(await speakThenWait(t, DEFAULT_TURN_OPTIONS.silenceMs + 200)).toBe(2); // still the sad turn's window
    await t.speak(silence(MAX_PATIENCE_MS), 320);
    await t.clock.advance(0);
    expect(t.of("caller_turn")).toHaveLength(3);
  });
});
