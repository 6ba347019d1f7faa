// Chaos at the pipeline's AI steps, on a manual clock: hangs, slow first tokens, transient errors that
// clear on retry, errors that don't, a stream cut mid-sentence, empty transcripts, unusable speech.
// For each: the call goes on, the caller hears the apology within a second of the failure, an `error`
// event tells the browser, no transcript line is lost, and the trail has a line per turn and per failure.
import { describe, expect, it } from "vitest";
import { SPOKEN_LINES } from "../../../worker/pipeline/reply/fallback-lines";
import { stepError } from "../support/chaos-provider";
import { hello, setup } from "./conversation-harness";

const APOLOGY = SPOKEN_LINES.apology;

type Harness = ReturnType<typeof setup>;

/** When the apology's audio went out, and the failure (error event) it answers. */
function apology(t: Harness, n = 0) {
  const audio = t.of("assistant_audio").filter((l) => l.event.sentence === APOLOGY)[n];
  const error = t.of("error")[n];
  return { audio, error };
}

function expectHeardApologyWithinASecond(t: Harness, n = 0) {
  const { audio, error } = apology(t, n);
  expect(error, "an error event").toBeDefined();
  expect(audio, "the apology's audio").toBeDefined();
  expect(audio!.at - error!.at).toBeLessThanOrEqual(1000);
  expect(audio!.event.pcm.length).toBeGreaterThan(0);
}

describe("chaos: speech-to-text", () => {
  it("a hung transcription is cancelled at its 6 s deadline; the caller's line stays, the apology follows at once", async () => {
    const t = setup({ replies: [["Sure."]] }, {}, { transcribe: ["hang"] });
    await t.speak(hello());
    t.conversation.pushText("hello?"); // queued behind the hung turn
    await t.clock.advance(12_000);
    await t.conversation.idle();
    const turnEnd = t.of("caller_turn")[0]!.event.at;
    expect(t.of("error")[0]).toMatchObject({ at: turnEnd + 6000, event: { code: "stt_failed", message: "Speech-to-text did not answer within 6000 ms" } });
    expectHeardApologyWithinASecond(t);
    expect(t.chaos.signals.find((s) => s.method === "transcribe")!.signal!.aborted).toBe(true);
    // Both caller lines are kept; the typed one is answered right after the apology, not blocked for long.
    expect(t.of("caller_turn").map((l) => [l.event.recognized, l.event.typed])).toEqual([
      [false, false],
      [true, true],
    ]);
    expect(t.of("assistant_done").map((l) => [l.event.text, l.event.outcome.status, l.event.outcome.failedStage])).toEqual([
      [APOLOGY, "failed", "transcribe"],
      ["Sure.", "ok", undefined],
    ]);
    expect(t.of("assistant_started")[1]!.at).toBeLessThanOrEqual(turnEnd + 6000 + 1000);
    expect(t.trail.filter((l) => l.level === "error").map((l) => l.record)).toEqual([
      expect.objectContaining({ event: "ai_failure", stage: "transcribe", code: "deadline", timedOut: true, error: "Speech-to-text did not answer within 6000 ms" }),
    ]);
  });

  it("429 then success: retried after a jittered backoff, no error, the retry is recorded", async () => {
    const t = setup({ transcripts: [{ text: "hi there", recognized: true }], replies: [["Hello."]] }, {}, { transcribe: [stepError("transcribe", "Too many requests (429)", true, { status: 429 })] });
    await t.speak(hello());
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.chaos.calls.transcribe).toBe(2);
    const done = t.of("assistant_done")[0]!.event;
    expect(done).toMatchObject({ text: "Hello.", outcome: { status: "ok", sttMode: "batch", retries: { transcribe: 1 } } });
    expect(done.latency!.transcribeMs).toBe(150); // 200 ms × jitter 0.75
    expect(t.trail.find((l) => l.record.event === "turn")!.record).toMatchObject({ outcome: "ok", retries: { transcribe: 1 } });
  });

  it("an empty transcript: the caller's line stays as [speech], the caller is asked again; it never ends the call", async () => {
    const t = setup({ transcripts: [{ text: "", recognized: true }] }, { settings: { maxFailedTurns: 2 } });
    for (let i = 0; i < 3; i++) {
      await t.speak(hello());
      await t.clock.advance(3000);
    }
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(Array(3).fill(expect.stringMatching(/^\[speech, \d\.\d s\]$/)));
    expect(t.of("error").map((l) => l.event.code)).toEqual(["stt_empty", "stt_empty", "stt_empty"]);
    for (let i = 0; i < 3; i++) expectHeardApologyWithinASecond(t, i);
    expect(t.of("gave_up")).toHaveLength(0);
    expect(t.provider.requests).toHaveLength(0);
  });
});

describe("chaos: the reply", () => {
  it("no first token within 4 s: cancelled, error, apology", async () => {
    const t = setup({}, {}, { reply: ["hang"] });
    t.conversation.pushText("hi");
    await t.clock.advance(6000);
    await t.conversation.idle();
    expect(t.of("error")[0]).toMatchObject({ at: 4000, event: { code: "llm_failed", message: "The language model sent no first token within 4000 ms" } });
    expectHeardApologyWithinASecond(t);
    expect(t.chaos.signals.find((s) => s.method === "reply")!.signal!.aborted).toBe(true);
  });

  it("a slow first token inside the deadline is just slow", async () => {
    const t = setup({ replies: [["Okay."]] }, {}, { reply: [{ delayMs: 3000 }] });
    t.conversation.pushText("hi");
    await t.clock.advance(6000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: "Okay.", latency: { firstTokenMs: 3000 }, outcome: { status: "ok" } });
  });

  it("3040 (out of capacity) every time: three attempts with backoff, then error and apology", async () => {
    const capacity = () => stepError("reply", "AiError: 3040: No more data centers to forward the request to", true, { status: 429, code: 3040 });
    const t = setup({}, {}, { reply: [capacity(), capacity(), capacity()] });
    t.conversation.pushText("hi");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.chaos.calls.reply).toBe(3);
    expect(t.of("error")[0]).toMatchObject({ at: 450, event: { code: "llm_failed", message: "AiError: 3040: No more data centers to forward the request to (after 2 retries)" } });
    expectHeardApologyWithinASecond(t);
    expect(t.of("assistant_done").at(-1)!.event.outcome).toMatchObject({ status: "failed", failedStage: "reply", retries: { reply: 2 } });
    expect(t.trail.find((l) => l.level === "error")!.record).toMatchObject({ stage: "reply", code: 3040, retries: 2, model: "test/reply" });
  });

  it("malformed output (not transient) is not retried", async () => {
    const t = setup({}, {}, { reply: [stepError("reply", "The language model sent a malformed stream event: {not json", false)] });
    t.conversation.pushText("hi");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.chaos.calls.reply).toBe(1);
    expect(t.of("error")[0]).toMatchObject({ at: 0, event: { code: "llm_failed" } });
    expectHeardApologyWithinASecond(t);
  });

  it("a blank answer (only whitespace, or nothing) is a failure the caller hears, not silence", async () => {
    const t = setup({ replies: [["  ", "\n"]] });
    t.conversation.pushText("hi");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("error")[0]).toMatchObject({ event: { code: "llm_failed", message: "the model answered with no text" } });
    expectHeardApologyWithinASecond(t);
    expect(t.of("assistant_done").map((l) => [l.event.text, l.event.outcome.status])).toEqual([
      ["", "failed"],
      [APOLOGY, "failed"],
    ]);
  });

  it("a stream cut mid-sentence: what was said stays, nothing is repeated, the apology follows", async () => {
    const t = setup({ replies: [["Let me think. ", "Well ", "maybe"]] }, {}, { reply: [{ cutAfter: 2, error: stepError("reply", "upstream connection reset", true) }] });
    t.conversation.pushText("question");
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.chaos.calls.reply).toBe(1); // tokens had flowed: no retry
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual(["Let me think.", APOLOGY]);
    expect(t.of("assistant_done").map((l) => l.event.text)).toEqual(["Let me think.", APOLOGY]);
    expectHeardApologyWithinASecond(t);
  });
});

describe("chaos: speech", () => {
  it("a failed reply the caller cuts off gets no apology: their new turn is answered next", async () => {
    const t = setup({ replies: [["Let me think. ", "Well ", "maybe"], ["Sure."]], audioMs: () => 3000 }, {}, { reply: [{ cutAfter: 2, error: stepError("reply", "upstream connection reset", true) }] });
    t.conversation.pushText("question");
    await t.clock.advance(500); // the stream broke; "Let me think." is still playing
    t.conversation.pushText("never mind, something else"); // the caller cuts in
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.of("error").map((l) => l.event.code)).toEqual(["llm_failed"]); // still told, and logged
    expect(t.of("assistant_done").map((l) => l.event.text)).toEqual(["Let me think.", "Sure."]);
  });

  it("a 500 then success: the sentence is retried and plays", async () => {
    const t = setup({ replies: [["Hello there."]] }, {}, { synthesize: [stepError("speech", "server error (500)", true, { status: 500 })] });
    t.conversation.pushText("hi");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual(["Hello there."]);
    expect(t.of("assistant_done")[0]!.event.outcome).toEqual({ status: "ok", sttMode: "typed", retries: { speech: 1 } });
  });

  it("unusable speech (MP3 bytes) is not retried; the apology plays in the bundled voice", async () => {
    const mp3 = stepError("speech", "Text-to-speech failed (test/speech): the model returned MP3 audio (ID3 tag), not the linear16 PCM asked for", false, { code: "bad-output" });
    const t = setup({ replies: [["Hello there."]] }, {}, { synthesize: [mp3] });
    t.conversation.pushText("hi");
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.chaos.calls.synthesize).toBe(1); // not retried, and the apology was not asked of the failing model
    expect(t.of("error")[0]!.event).toMatchObject({ code: "tts_failed", message: expect.stringContaining("MP3") });
    expectHeardApologyWithinASecond(t);
    const clip = apology(t).audio!.event;
    expect(clip.durationMs).toBeGreaterThan(1500); // the bundled voice's own take, not the test tone
    expect(t.of("assistant_done").at(-1)!.event.outcome).toMatchObject({ status: "failed", failedStage: "speech", fallbacks: ["line:clip"] });
  });

  it("with the lines prepared at call start, the apology is in the Echo's voice even when speech fails later", async () => {
    const t = setup({ replies: [["Hello there."]], audioMs: () => 1234 }, {}, { synthesize: ["ok", "ok", stepError("speech", "model gone", false)] });
    await t.conversation.prepare();
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual([APOLOGY, SPOKEN_LINES.goodbye]);
    t.conversation.pushText("hi");
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(apology(t).audio!.event.durationMs).toBe(1234);
    expect(t.of("assistant_done").at(-1)!.event.outcome).toEqual({ status: "failed", sttMode: "typed", failedStage: "speech", error: "model gone" });
  });
});

describe("chaos: quiet fallbacks", () => {
  it("a hung turn model: the turn counts as complete after 350 ms, logged once per call, never shown to the caller", async () => {
    const t = setup({ turnModel: () => ({ complete: true, probability: 0.9 }), replies: [["One."], ["Two."]] }, {}, { detectTurnEnd: ["hang", "hang"] });
    await t.speak(hello());
    await t.clock.advance(3000);
    await t.speak(hello());
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("caller_turn")).toHaveLength(2);
    expect(t.of("assistant_done").map((l) => l.event.outcome.fallbacks)).toEqual([["turn:timeout"], ["turn:timeout"]]);
    expect(t.trail.filter((l) => l.level === "error").map((l) => l.record.stage)).toEqual(["turn"]);
    // Released 350 ms after the VAD's end of turn.
    const turn = t.of("caller_turn")[0]!;
    expect(t.of("assistant_started")[0]!.at - turn.event.at).toBe(350);
  });

  it("hung text emotions: prosody alone scores the turn after 1.5 s, no error for the caller", async () => {
    const t = setup({ replies: [["Okay."]] }, {}, { textEmotions: ["hang"] });
    t.conversation.pushText("I am happy");
    await t.clock.advance(4000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("assistant_started")[0]!.at).toBe(1500);
    expect(t.of("assistant_done")[0]!.event.outcome).toEqual({ status: "ok", sttMode: "typed", fallbacks: ["emotions:prosody"] });
    expect(t.trail.filter((l) => l.level === "error").map((l) => l.record.stage)).toEqual(["emotions"]);
  });
});

describe("chaos: the greeting", () => {
  it("a greeting that fails is replaced by a spoken hello, not by an apology", async () => {
    const t = setup({}, {}, { reply: ["hang"] });
    t.conversation.greet();
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.of("error")[0]).toMatchObject({ at: 4000, event: { code: "llm_failed" } });
    const done = t.of("assistant_done").filter((l) => l.event.text).map((l) => l.event);
    expect(done).toEqual([expect.objectContaining({ text: SPOKEN_LINES.hello, outcome: expect.objectContaining({ status: "failed", sttMode: "none", failedStage: "reply" }) })]);
    expect(t.of("caller_turn")).toHaveLength(0);
  });
});

describe("chaos: a model that keeps failing", () => {
  it("three failed turns in a row: a spoken goodbye, then gave_up; later input is ignored", async () => {
    const broken = () => stepError("reply", "AiError: 5007: No such model", false, { code: 5007 });
    const t = setup({}, {}, { reply: [broken(), broken(), broken()] });
    for (let i = 0; i < 3; i++) {
      t.conversation.pushText(`try ${i}`);
      await t.clock.advance(12_000);
    }
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(3);
    // (A reply that failed before a word was heard leaves no text: only the lines the caller heard count.)
    expect(t.of("assistant_done").filter((l) => l.event.text).map((l) => [l.event.text, l.event.outcome.status])).toEqual([
      [APOLOGY, "failed"],
      [APOLOGY, "failed"],
      [SPOKEN_LINES.goodbye, "gave_up"],
    ]);
    const gaveUp = t.of("gave_up")[0]!;
    expect(gaveUp.event).toMatchObject({ reason: "ai_failed_reply", message: expect.stringContaining("No such model") });
    // The goodbye played to its end before the call is given up.
    expect(gaveUp.at).toBeGreaterThanOrEqual(t.of("assistant_audio").at(-1)!.at + t.of("assistant_audio").at(-1)!.event.durationMs);
    t.conversation.pushText("hello?");
    await t.clock.advance(3000);
    expect(t.of("caller_turn")).toHaveLength(3);
  });

  it("a success in between resets the count", async () => {
    const broken = () => stepError("reply", "boom", false);
    const t = setup({ replies: [["Fine."]] }, {}, { reply: [broken(), broken(), "ok", broken(), broken()] });
    for (let i = 0; i < 5; i++) {
      t.conversation.pushText(`try ${i}`);
      await t.clock.advance(5000);
    }
    await t.conversation.idle();
    expect(t.of("gave_up")).toHaveLength(0);
    expect(t.of("assistant_done").filter((l) => l.event.text).map((l) => l.event.outcome.status)).toEqual(["failed", "failed", "ok", "failed", "failed"]);
  });

  it("abort() cancels a hung step at once (the call is gone)", async () => {
    const t = setup({}, {}, { transcribe: ["hang"] });
    await t.speak(hello());
    await t.clock.advance(500);
    t.conversation.abort();
    await t.conversation.idle();
    expect(t.chaos.signals.find((s) => s.method === "transcribe")!.signal!.aborted).toBe(true);
    expect(t.of("error")).toHaveLength(0);
  });

  it("no apology after the call ended while it was being made", async () => {
    const t = setup({ synthMs: 500 }, {}, { reply: [stepError("reply", "The language model sent a malformed stream event: {not json", false)] });
    t.conversation.pushText("hi");
    await t.clock.advance(100); // the failure is in; the apology is being synthesized
    expect(t.of("error")).toHaveLength(1);
    const closing = t.conversation.close();
    await t.clock.advance(2000);
    await closing;
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).not.toContain(APOLOGY);
    expect(t.of("assistant_done").map((l) => l.event.text)).not.toContain(APOLOGY);
  });

  it("turns cut by abort() (the call ended while they waited for speech-to-text) keep their lines as [speech]", async () => {
    const t = setup({}, {}, { transcribe: ["hang", "hang"] });
    await t.speak(hello());
    await t.speak(hello()); // queued behind the first
    void t.conversation.close();
    await t.clock.advance(500);
    t.conversation.abort();
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => [l.event.text, l.event.recognized])).toEqual([
      [expect.stringMatching(/^\[speech, \d\.\d s\]$/), false],
      [expect.stringMatching(/^\[speech, \d\.\d s\]$/), false],
    ]);
    expect(t.of("assistant_started")).toHaveLength(0);
    expect(t.of("error")).toHaveLength(0);
  });
});

/**
 * A conversation whose first caller line the store refuses (its emit throws once): a failure of the
 * pipeline itself, outside any AI step. What it emitted after that, with times.
 */
function refusingFirstLine() {
  const events: { at: number; type: string; text?: string; code?: string }[] = [];
  let failOnce = true;
  let now = () => 0;
  const t = setup(
    { replies: [["Sure."]] },
    {
      emit: (event) => {
        if (event.type === "caller_turn" && failOnce) {
          failOnce = false;
          throw new Error("the call's store refused the line");
        }
        events.push({ at: now(), type: event.type, ...("text" in event ? { text: event.text } : {}), ...("code" in event ? { code: event.code } : {}) });
      },
    },
  );
  now = () => t.clock.now();
  const said = () => events.filter((e) => e.type === "assistant_done").map((e) => e.text);
  return { t, events, said };
}

describe("chaos: outside the AI steps", () => {
  it("a turn dropped by a failure of the pipeline itself (a line the store would not take) is apologised for: a phone caller hears it", async () => {
    const { t, events, said } = refusingFirstLine();
    t.conversation.pushText("hello?");
    await t.clock.advance(3000);
    await t.conversation.idle();
    const error = events.find((e) => e.type === "error");
    expect(error).toMatchObject({ code: "pipeline_failed" });
    expect(said()).toEqual([APOLOGY]);
    expect(events.find((e) => e.type === "assistant_done")!.at - error!.at).toBeLessThanOrEqual(1000);
    expect(t.trail.filter((l) => l.level === "error").map((l) => l.record)).toEqual([expect.objectContaining({ stage: "pipeline", error: "the call's store refused the line" })]);

    // The next turn is answered as usual.
    t.conversation.pushText("are you there?");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(said()).toEqual([APOLOGY, "Sure."]);
  });

  it("no apology for a dropped turn when the caller has moved on: their next turn, already waiting, is answered", async () => {
    const { t, said } = refusingFirstLine();
    t.conversation.pushText("hello?");
    t.conversation.pushText("are you there?"); // waiting behind the first
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(said()).toEqual(["Sure."]);
  });
});
