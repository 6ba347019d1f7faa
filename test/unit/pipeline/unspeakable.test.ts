// Sentences with nothing to pronounce ("😊", "---", "…") and sentences the speech engine can't say (the
// built-in English voices and another script: they return no audio, as flite and the offline synthesizer
// do). Neither fails the turn; a reply the caller would hear none of still does, and only a model's
// answer with no words counts toward ending the call. A reply prepared on an eager end of turn makes its
// first sentence with words ready.
import { describe, expect, it } from "vitest";
import { SPOKEN_LINES } from "../../../worker/pipeline/reply/fallback-lines";
import { silence } from "../support/fixtures";
import { settle } from "../support/manual-clock";
import { ScriptedTranscriber } from "../support/scripted-transcriber";
import { setup } from "./conversation-harness";

/** Like the built-in English engines: no audio for text without a Latin letter or a digit. */
const englishVoice = (sentence: string, ms = 1000) => (/[A-Za-z0-9]/.test(sentence) ? ms : 0);

describe("Reply: sentences with nothing to pronounce", () => {
  it("skips an emoji sentence: not synthesized, no failure, kept in the text; three such turns never end the call", async () => {
    const t = setup({ replies: [["I'm here for you! ", "😊"], ["Sure thing. ", "---"], ["Okay. ", "…"]], audioMs: englishVoice });
    for (const text of ["hi", "again", "once more"]) {
      t.conversation.pushText(text);
      await t.clock.advance(5000);
    }
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("gave_up")).toHaveLength(0);
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["I'm here for you!", "Sure thing.", "Okay."]);
    expect(t.of("assistant_audio").map((l) => [l.event.sentence, l.event.index])).toEqual([
      ["I'm here for you!", 0],
      ["Sure thing.", 0],
      ["Okay.", 0],
    ]);
    expect(t.of("assistant_done").map((l) => [l.event.text, l.event.spokenText, l.event.outcome.status])).toEqual([
      ["I'm here for you! 😊", "I'm here for you! 😊", "ok"],
      ["Sure thing. ---", "Sure thing. ---", "ok"],
      ["Okay. …", "Okay. …", "ok"],
    ]);
  });

  it("a cut-off reply's spoken text has a wordless sentence only once what came before it was heard", async () => {
    const script = ["First part is here. ", "😊\n", "Then a second part follows."];
    const early = setup({ replies: [script, ["Okay."]], audioMs: (s) => englishVoice(s, 2000) });
    early.conversation.pushText("tell me");
    await early.clock.advance(1000); // halfway through the first sentence
    early.conversation.pushText("stop");
    await early.clock.advance(8000);
    await early.conversation.idle();
    expect(early.of("assistant_done")[0]!.event).toMatchObject({ interrupted: true, spokenText: "First part…" });

    const late = setup({ replies: [script, ["Okay."]], audioMs: (s) => englishVoice(s, 2000) });
    late.conversation.pushText("tell me");
    await late.clock.advance(3000); // halfway through the second sentence
    late.conversation.pushText("stop");
    await late.clock.advance(8000);
    await late.conversation.idle();
    expect(late.of("assistant_done")[0]!.event).toMatchObject({
      interrupted: true,
      text: "First part is here. 😊\nThen a second part follows.",
      spokenText: "First part is here. 😊 Then a…",
    });
    expect(late.provider.requests[1]!.messages.at(-2)).toEqual({ role: "assistant", content: "First part is here. 😊 Then a…" });
  });

  it("a reply prepared on an eager end of turn makes its first sentence with words ready, not the emoji before it", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ replies: [["😊\n", "Hello! ", "Nice to ", "meet you."]], firstTokenMs: 300, tokenMs: 20, synthMs: 200, audioMs: (s) => englishVoice(s, 400) }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    flux.start(0);
    flux.eager("Hi, I'm Sam", 1500);
    await t.clock.advance(700);
    const committedAt = t.clock.now();
    flux.end("Hi, I'm Sam", 1700);
    await settle();
    await t.clock.advance(0);
    expect(t.of("assistant_audio")[0]).toMatchObject({ at: committedAt, event: { sentence: "Hello!" } });
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["Hello!", "Nice to meet you."]);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: "😊\nHello! Nice to meet you.", outcome: { status: "ok" } });
  });

  it("a reply of only an emoji is a failed reply the caller hears (the apology), like a blank one", async () => {
    const t = setup({ replies: [["😊"]], audioMs: englishVoice });
    t.conversation.pushText("hi");
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.of("error").map((l) => l.event)).toEqual([expect.objectContaining({ code: "llm_failed", message: "the model answered with nothing to say" })]);
    expect(t.of("assistant_done").map((l) => [l.event.text, l.event.outcome.status])).toEqual([
      ["", "failed"],
      [SPOKEN_LINES.apology, "failed"],
    ]);
  });
});

describe("Reply: sentences the speech engine can't pronounce", () => {
  it("skips a sentence in another script, says the rest, and logs it", async () => {
    const t = setup({ replies: [["Hello! ", "Привет! ", "Goodbye."]], audioMs: englishVoice });
    t.conversation.pushText("say hello in Russian");
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("assistant_audio").map((l) => [l.event.sentence, l.event.index])).toEqual([
      ["Hello!", 0],
      ["Goodbye.", 1],
    ]);
    const done = t.of("assistant_done")[0]!.event;
    expect(done).toMatchObject({ text: "Hello! Привет! Goodbye.", spokenText: "Hello! Goodbye.", interrupted: false });
    expect(done.outcome).toEqual({ status: "ok", sttMode: "typed", fallbacks: ["speech:skipped"] });
    // Logged without the sentence itself (a reply can repeat the caller's words: no personal data in logs).
    expect(t.trail.filter((l) => l.level === "error").map((l) => l.record)).toEqual([
      expect.objectContaining({ event: "ai_failure", stage: "speech", error: expect.stringContaining("made no audio for the sentence"), fallback: expect.stringContaining("skipped") }),
    ]);
    expect(JSON.stringify(t.trail)).not.toContain("Привет");
  });

  it("a reply it can say none of: the apology instead of silence, and never the end of the call", async () => {
    const t = setup({ replies: [["Привет! ", "Как дела?"]], audioMs: englishVoice }, { settings: { maxFailedTurns: 2 } });
    await t.conversation.prepare(); // the apology in the Echo's voice, as at call start
    for (const text of ["one", "two", "three"]) {
      t.conversation.pushText(text);
      await t.clock.advance(5000);
    }
    await t.conversation.idle();
    expect(t.of("error").map((l) => l.event.code)).toEqual(["tts_failed", "tts_failed", "tts_failed"]);
    expect(t.of("error")[0]!.event.message).toBe("the speech engine made no audio for any of the reply's 2 sentences");
    expect(t.of("gave_up")).toHaveLength(0);
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual(Array(3).fill(SPOKEN_LINES.apology));
    expect(t.trail.filter((l) => l.record.event === "turn").map((l) => l.record.outcome)).toEqual(["failed", "failed", "failed"]);
  });
});
