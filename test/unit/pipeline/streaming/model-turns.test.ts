// Turn-taking by a streaming speech-to-text model (worker/pipeline/streaming/model-turns.ts, speculation.ts) on a
// manual clock: the reply prepared on EagerEndOfTurn is never heard when the caller resumes, is adopted
// (no second model call, first audio at once) on EndOfTurn, and a stream that fails mid-call hands the
// turns to the VAD and whole-turn speech-to-text, including words the stream never committed.
import { describe, expect, it } from "vitest";
import { AiStepError } from "../../../../worker/ai/errors";
import { silence } from "../../support/fixtures";
import { settle } from "../../support/manual-clock";
import { ScriptedTranscriber } from "../../support/scripted-transcriber";
import { NO_WORDS_GRACE_MS } from "../../../../worker/pipeline/streaming/wiring";
import { hello, setup } from "../conversation-harness";

const said = (t: ReturnType<typeof setup>) => t.of("assistant_text").map((l) => l.event.delta).join("");

describe("Conversation with streaming speech-to-text", () => {
  it("throws the eager reply away unheard when the caller resumes, then answers the whole turn", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ replies: [["Sure. ", "A table ", "for one."], ["Of course. ", "For two."]], firstTokenMs: 100, tokenMs: 300, synthMs: 50, audioMs: () => 500 }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    expect(flux.sessions).toHaveLength(1);
    flux.start(0);
    flux.eager("Book a table", 900);
    await t.clock.advance(300);
    // Prepared: tokens asked for and the first sentence synthesized — but nothing reached the caller.
    expect(t.provider.requests).toHaveLength(1);
    expect(t.provider.requests[0]!.messages.at(-1)).toEqual({ role: "user", content: "Book a table" });
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["Sure."]);
    expect(t.log).toEqual([]);

    flux.resumed(1000);
    await settle();
    expect(t.provider.replyAborted[0]).toBe(true);
    expect(t.provider.synthCalls[0]!.aborted).toBe(true);
    await t.clock.advance(2000);
    expect(t.log).toEqual([]);

    flux.eager("Book a table for two", 2000);
    flux.end("Book a table for two", 2200);
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["Book a table for two"]);
    expect(said(t)).toBe("Of course. For two.");
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual(["Of course.", "For two."]);
    expect(t.of("assistant_done")[0]!.event.outcome).toEqual({ status: "ok", sttMode: "stream" });
    expect(t.provider.requests).toHaveLength(2); // the second eager reply was adopted, not asked again
  });

  it("commits on EndOfTurn: the prepared reply is adopted and its first audio plays at once", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ replies: [["Hello! ", "Nice to ", "meet you."]], firstTokenMs: 300, tokenMs: 20, synthMs: 200, audioMs: () => 400 }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    flux.start(0);
    flux.eager("Hi, I'm Sam", 1500);
    await t.clock.advance(600); // first token at 300, first sentence spoken by 520
    expect(t.log).toEqual([]);
    const committedAt = t.clock.now();
    flux.end("Hi, I'm Sam", 1700);
    await settle();
    await t.clock.advance(0);
    const firstAudio = t.of("assistant_audio")[0];
    expect(firstAudio?.event.sentence).toBe("Hello!");
    expect(firstAudio?.at).toBe(committedAt); // already made while the caller was finishing
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.provider.requests).toHaveLength(1);
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["Hello!", "Nice to meet you."]);
    const turn = t.of("caller_turn")[0]!.event;
    expect(turn).toMatchObject({ text: "Hi, I'm Sam", recognized: true, typed: false, speechMs: 1700 });
    const done = t.of("assistant_done")[0]!.event;
    expect(done).toMatchObject({ text: "Hello! Nice to meet you.", interrupted: false, outcome: { status: "ok", sttMode: "stream" } });
    expect(done.latency?.firstAudioMs).toBe(0);
  });

  it("falls back to the VAD and whole-turn speech-to-text when the stream errors mid-call, keeping the words it never committed", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ transcripts: [{ text: "are you there", recognized: true }, { text: "hello again", recognized: true }], replies: [["Yes."]], audioMs: () => 300 }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    flux.start(0);
    flux.end("First words", 800);
    await t.clock.advance(2000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["First words"]);
    expect(t.provider.transcribed).toHaveLength(0); // the stream heard it: no whole-turn speech-to-text

    await t.speak(hello()); // the VAD ends this turn while the stream still decides: not answered yet
    await t.clock.advance(1000);
    expect(t.of("caller_turn")).toHaveLength(1);
    flux.fail(new AiStepError("Streaming speech-to-text (@cf/deepgram/flux) failed: the socket closed (1011)", { stage: "transcribe", model: "@cf/deepgram/flux", transient: true }));
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.provider.transcribed).toHaveLength(1);
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["First words", "are you there"]);

    await t.speak(hello()); // and every later turn
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["First words", "are you there", "hello again"]);
    expect(t.of("assistant_done").map((l) => l.event.outcome)).toEqual([
      { status: "ok", sttMode: "stream" },
      { status: "ok", sttMode: "batch", fallbacks: ["stt:batch"] },
      { status: "ok", sttMode: "batch", fallbacks: ["stt:batch"] },
    ]);
    const failure = t.trail.find((l) => l.level === "error")?.record;
    expect(failure).toMatchObject({ event: "ai_failure", stage: "transcribe", model: "@cf/deepgram/flux", transient: true, fallback: "the VAD and whole-turn speech-to-text for the rest of the call" });
    expect(t.trail.filter((l) => l.level === "error")).toHaveLength(1);
    expect(t.of("error")).toEqual([]); // the caller noticed nothing
  });

  it("an eager reply built before another exchange is not adopted, also once the history is at its cap", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ replies: [["First answer."], ["Eager answer."], ["Typed answer."], ["Fresh answer."]], firstTokenMs: 50, audioMs: () => 300 }, { maxHistory: 1 }, {}, flux);
    t.conversation.pushAudio(silence(100));
    flux.start(0);
    flux.end("Hi", 500);
    await t.clock.advance(2000);
    await t.conversation.idle(); // the history is at its cap (one exchange): its length stops changing
    flux.start(2000);
    flux.eager("What about Paris", 3000); // a reply is prepared on that history…
    await t.clock.advance(200);
    t.conversation.pushText("Actually, talk about London"); // …and another exchange happens first
    await t.clock.advance(2000);
    await t.conversation.idle();
    flux.end("What about Paris", 3200);
    await t.clock.advance(2000);
    await t.conversation.idle();
    expect(t.of("assistant_done").map((l) => l.event.text)).toEqual(["First answer.", "Typed answer.", "Fresh answer."]);
    expect(t.provider.requests).toHaveLength(4); // the eager reply was thrown away, the turn asked again
  });

  it("keeps every VAD turn the stream never committed when it fails, not only the last", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ transcripts: [{ text: "first part", recognized: true }, { text: "second part", recognized: true }], replies: [["Okay."], ["Right."]], audioMs: () => 300 }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    flux.start(300);
    await t.speak(hello()); // the VAD ends a turn; the stream's turn goes on (the caller paused)
    await t.speak(hello()); // and another
    flux.fail(new AiStepError("Streaming speech-to-text (@cf/deepgram/flux) failed: the socket closed (1011)", { stage: "transcribe", model: "@cf/deepgram/flux", transient: true }));
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["first part", "second part"]);
  });

  it("the call ends before the stream's end of turn: the caller's last words are transcribed whole, not lost", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ transcripts: [{ text: "bye then", recognized: true }] }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    flux.start(300);
    await t.speak(hello()); // the VAD has ended the turn; the stream's EndOfTurn has not come yet
    await t.conversation.close();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["bye then"]);
    expect(t.of("assistant_started")).toEqual([]); // transcribed, not answered: the call is over
  });

  it("speech that cut the Echo off but in which the stream heard no words (a cough) is answered whole, not left as silence", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ transcripts: [{ text: "", recognized: false }], replies: [["Once upon a time there was a fox."], ["Sorry, I didn't catch that."]], audioMs: () => 4000 }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    t.conversation.pushText("tell me a story"); // the Echo's long reply is playing
    await t.clock.advance(500);
    await t.speak(hello()); // the VAD hears speech, cuts the Echo off and ends its turn
    flux.start(600);
    flux.end("", 1400); // the stream took it for noise: nothing committed
    await t.clock.advance(NO_WORDS_GRACE_MS + 5000);
    await t.conversation.idle();
    expect(t.of("interrupt")).toHaveLength(1);
    expect(t.of("caller_turn").map((l) => l.event.recognized)).toEqual([true, false]);
    expect(said(t)).toContain("Sorry, I didn't catch that.");
  });

  it("speech that cut the Echo off and whose words the stream commits is answered once, from the stream", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ replies: [["Once upon a time there was a fox."], ["Okay, stopping."]], audioMs: () => 4000 }, {}, {}, flux);
    t.conversation.pushAudio(silence(100));
    t.conversation.pushText("tell me a story");
    await t.clock.advance(500);
    flux.start(600);
    await t.speak(hello());
    await t.clock.advance(NO_WORDS_GRACE_MS * 2); // the stream is still inside the turn: no second answer
    flux.end("wait, stop", 4000);
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["tell me a story", "wait, stop"]);
    expect(t.provider.transcribed).toHaveLength(0); // nothing transcribed whole
  });

  it("a streamed turn's voice is read too: the VAD's frames of the same speech go with the committed words", async () => {
    const flux = new ScriptedTranscriber();
    const t = setup({ replies: [["Okay."]], audioMs: () => 200 }, {}, {}, flux);
    for (let i = 0; i < 3; i++) {
      await t.speak(hello()); // the VAD hears the turn end (its frames are kept aside)
      flux.start(0);
      flux.end("I had a good day", 2000);
      await t.clock.advance(2000);
    }
    flux.start(0);
    flux.end("and you?", 2000); // no speech the VAD heard: the words alone
    await t.clock.advance(2000);
    await t.conversation.idle();
    // The first turn is read against itself (the words decide); then the voice has a baseline.
    expect(t.of("caller_turn").map((l) => l.event.emotionSource)).toEqual(["words", "words_and_voice", "words_and_voice", "words"]);
    expect(t.provider.transcribed).toHaveLength(0); // the words are the stream's
  });
});
