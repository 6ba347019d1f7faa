import { describe, expect, it } from "vitest";
import { concatPcm } from "../../../worker/audio/pcm";
import { OfflineProvider } from "../../../worker/ai/offline/provider";
import { BUNDLED_VOICE } from "../../../worker/ai/offline/synth";
import { silence } from "../support/fixtures";
import { GREETING_CUE } from "../../../worker/pipeline/reply/persona";
import { hello, setup, setupWith } from "./conversation-harness";

describe("Conversation: a spoken turn", () => {
  it("emits caller_turn, assistant_started, text, audio in order, then assistant_done after playback", async () => {
    const t = setup({
      transcripts: [{ text: "I had a really good day today", recognized: true }],
      replies: [["Hello! ", "It is ", "good to hear. ", "Tell me ", "more."]],
      transcribeMs: 100,
      firstTokenMs: 50,
      tokenMs: 20,
      synthMs: 30,
      audioMs: () => 1000,
    });
    await t.speak(hello());
    await t.clock.advance(5000);
    await t.conversation.idle();

    const types = t.types();
    expect(types[0]).toBe("caller_turn");
    expect(types[1]).toBe("assistant_started");
    expect(types.at(-1)).toBe("assistant_done");
    expect(types.indexOf("assistant_text")).toBeLessThan(types.indexOf("assistant_audio"));
    expect(types.filter((x) => x === "caller_turn")).toHaveLength(1);

    const turn = t.of("caller_turn")[0]!.event;
    expect(turn).toMatchObject({ text: "I had a really good day today", recognized: true, typed: false });
    expect(turn.speechMs).toBeGreaterThan(1700);
    expect(turn.speechMs).toBeLessThan(2300);
    expect(turn.emotions.joy).toBeGreaterThan(turn.emotions.sadness ?? 1);

    const audio = t.of("assistant_audio").map((l) => l.event);
    expect(audio.map((a) => a.sentence)).toEqual(["Hello!", "It is good to hear.", "Tell me more."]);
    expect(audio.map((a) => a.index)).toEqual([0, 1, 2]);
    expect(audio.every((a) => a.sampleRate === 16000 && a.pcm.length === 16000 && a.durationMs === 1000)).toBe(true);
    expect(t.of("assistant_text").map((l) => l.event.delta).join("")).toBe("Hello! It is good to hear. Tell me more.");

    const done = t.of("assistant_done")[0]!;
    expect(done.event).toMatchObject({ text: "Hello! It is good to hear. Tell me more.", spokenText: "Hello! It is good to hear. Tell me more.", interrupted: false });
    // Done only after the three 1 s sentences have played from the first audio on.
    expect(done.at).toBeGreaterThanOrEqual(t.of("assistant_audio")[0]!.at + 3000);
    expect(done.event.latency).toEqual({ transcribeMs: 100, firstTokenMs: 150, firstAudioMs: 180, endOfTurnMs: expect.any(Number) });
    expect(done.event.latency?.endOfTurnMs).toBeGreaterThanOrEqual(250);
    expect(done.event.latency?.endOfTurnMs).toBeLessThanOrEqual(300);
  });

  it("synthesizes the next sentence while the current one plays (pipelining)", async () => {
    const t = setup({ replies: [["One. ", "Two. ", "Three."]], synthMs: 100, audioMs: () => 2000, tokenMs: 10 });
    t.conversation.pushText("hi");
    await t.clock.advance(10_000);
    await t.conversation.idle();
    const audio = t.of("assistant_audio");
    expect(audio).toHaveLength(3);
    const [s1, s2, s3] = t.provider.synthCalls;
    // Sentence 2's synthesis starts as soon as sentence 1's audio is out, long before it finished playing.
    expect(s2!.startedAt).toBe(audio[0]!.at);
    expect(s2!.startedAt).toBeLessThan(audio[0]!.at + 2000);
    expect(s3!.startedAt).toBe(audio[1]!.at);
    expect(s1!.finishedAt).toBe(audio[0]!.at);
  });

  it("passes the persona, the history and the caller's emotions to the provider", async () => {
    const t = setup({ replies: [["Sure."], ["Again."]] });
    t.conversation.pushText("I am so worried about my exam");
    await t.clock.advance(2000);
    t.conversation.pushText("thanks");
    await t.clock.advance(2000);
    await t.conversation.idle();
    const [first, second] = t.provider.requests;
    expect(first!.messages[0]!.role).toBe("system");
    expect(first!.messages[0]!.content).toContain("You are Nova");
    expect(first!.messages[0]!.content).toContain("fear");
    expect(first!.callerEmotions.fear).toBeGreaterThan(0.3);
    expect(first!.turn).toMatchObject({ text: "I am so worried about my exam", recognized: true, typed: true, index: 0 });
    expect(second!.messages.slice(1)).toEqual([
      { role: "user", content: "I am so worried about my exam" },
      { role: "assistant", content: "Sure." },
      { role: "user", content: "thanks" },
    ]);
    expect(second!.turn?.index).toBe(1);
    expect(first!.callType).toBe("browser_test");
  });
});

describe("Conversation: greeting", () => {
  it("speaks first when asked: a reply to no caller turn, remembered in the history", async () => {
    const t = setup({ replies: [["Hi, I'm Nova! ", "How can I help?"], ["Sure."]] }, { callType: "phone" });
    t.conversation.greet();
    await t.clock.advance(5000);
    t.conversation.pushText("tell me a joke");
    await t.clock.advance(5000);
    await t.conversation.idle();
    expect(t.types().slice(0, 5)).toEqual(["assistant_started", "assistant_text", "assistant_audio", "assistant_text", "assistant_audio"]);
    expect(t.of("assistant_started")[0]!.event.turnId).toBeNull();
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: "Hi, I'm Nova! How can I help?", interrupted: false });
    const [greeting, answer] = t.provider.requests;
    expect(greeting!.turn).toBeNull();
    expect(greeting!.callType).toBe("phone");
    expect(greeting!.messages.at(-1)).toEqual({ role: "user", content: GREETING_CUE });
    expect(answer!.messages.slice(1)).toEqual([
      { role: "assistant", content: "Hi, I'm Nova! How can I help?" },
      { role: "user", content: "tell me a joke" },
    ]);
    expect(answer!.turn?.index).toBe(0);
  });

  it("the offline greeting introduces the Echo and says honestly that it runs offline", async () => {
    const { clock, conversation, log: logged } = setupWith(new OfflineProvider(), { fallbackVoice: BUNDLED_VOICE });
    conversation.greet();
    await clock.advance(60_000);
    await conversation.idle();
    const log = logged.map((l) => l.event);
    const done = log.find((e) => e.type === "assistant_done");
    expect(done).toMatchObject({ text: expect.stringContaining("I'm Nova") });
    expect(done?.type === "assistant_done" && done.text).toMatch(/offline.*type/i);
  });
});

describe("Conversation: typed input", () => {
  it("makes a recognized, typed caller turn and answers it", async () => {
    const t = setup({ replies: [["I'm sorry you feel that way."]] });
    t.conversation.pushText("  I feel sad and lonely today  ");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.types()).toEqual(["caller_turn", "assistant_started", "assistant_text", "assistant_audio", "assistant_done"]);
    const turn = t.of("caller_turn")[0]!.event;
    expect(turn).toMatchObject({ text: "I feel sad and lonely today", recognized: true, typed: true, speechMs: 0 });
    expect(Object.entries(turn.emotions).sort((a, b) => b[1] - a[1])[0]![0]).toBe("sadness");
    expect(t.provider.transcribed).toHaveLength(0);
    expect(t.of("assistant_done")[0]!.event.latency).toMatchObject({ transcribeMs: 0 });
    expect(t.of("assistant_done")[0]!.event.latency?.endOfTurnMs).toBeUndefined();
  });

  it("ignores empty text", async () => {
    const t = setup();
    t.conversation.pushText("   ");
    await t.clock.advance(1000);
    expect(t.log).toHaveLength(0);
  });
});

describe("Conversation: unrecognised speech", () => {
  it("shows speech it cannot recognise as such and tells the provider so", async () => {
    const t = setup({ transcripts: [{ text: "[speech, 2.0 s]", recognized: false }], replies: [["I'm offline."]] });
    await t.speak(hello());
    await t.clock.advance(3000);
    await t.conversation.idle();
    const turn = t.of("caller_turn")[0]!.event;
    expect(turn).toMatchObject({ text: "[speech, 2.0 s]", recognized: false });
    expect(t.provider.requests[0]!.turn).toMatchObject({ recognized: false });
    expect(t.provider.requests[0]!.messages.at(-1)!.content).toMatch(/could not be recognized/);
  });
});

describe("Conversation: barge-in", () => {
  it("interrupts at once, aborts the reply and reports what was played", async () => {
    const t = setup({
      transcripts: [{ text: "wait stop", recognized: true }],
      replies: [["Once upon a time there was a fox. ", "It ran far away. ", "The end."], ["Okay, I stopped."]],
      synthMs: 50,
      audioMs: () => 2000,
    });
    t.conversation.pushText("tell me a story");
    await t.clock.advance(1000); // sentence 1 is playing (from 50 ms to 2050 ms)
    await t.speak(hello(), 320); // speech starts 240 ms in; 20 ms chunks
    await t.clock.advance(10_000);
    await t.conversation.idle();

    const interrupt = t.of("interrupt");
    expect(interrupt).toHaveLength(1);
    expect(interrupt[0]!.event.replyId).toBe(t.of("assistant_started")[0]!.event.replyId);
    // Speech sustained for 200 ms (onset ≈ 240 ms into the audio) → interrupt right then, not at the turn's end.
    expect(interrupt[0]!.at - 1000).toBeGreaterThanOrEqual(400);
    expect(interrupt[0]!.at - 1000).toBeLessThanOrEqual(480);
    expect(t.provider.replyAborted[0]).toBe(true);

    const dones = t.of("assistant_done").map((l) => l.event);
    expect(dones).toHaveLength(2);
    expect(dones[0]).toMatchObject({ interrupted: true, text: "Once upon a time there was a fox. It ran far away. The end." });
    // Interrupted ≈ 1.4 s into a 2 s sentence: its first words were heard, nothing after it.
    expect(dones[0]!.spokenText).toBe("Once upon a time there…");
    // The caller's words are then a normal turn with a normal reply; the cut reply is done before it.
    expect(t.types().slice(t.types().indexOf("interrupt"))).toEqual([
      "interrupt",
      "assistant_done",
      "caller_turn",
      "assistant_started",
      "assistant_text",
      "assistant_audio",
      "assistant_done",
    ]);
    expect(t.of("caller_turn").map((l) => l.event.text)).toEqual(["tell me a story", "wait stop"]);
    expect(dones[1]).toMatchObject({ interrupted: false, spokenText: "Okay, I stopped." });
    // The history given to the next reply holds what was heard, not the whole cut-off reply.
    expect(t.provider.requests[1]!.messages.slice(1)).toEqual([
      { role: "user", content: "tell me a story" },
      { role: "assistant", content: "Once upon a time there…" },
      { role: "user", content: "wait stop" },
    ]);
  });

  it("ignores a short blip (under the barge-in threshold) while the assistant speaks", async () => {
    const t = setup({ replies: [["A long answer here. ", "And more."]], audioMs: () => 3000 });
    t.conversation.pushText("hi");
    await t.clock.advance(500);
    // 100 ms of a tone: louder than the floor but far shorter than a turn or a barge-in.
    const blip = new Int16Array(1600).map((_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 200 * i) / 16000)));
    await t.speak(concatPcm([silence(300), blip, silence(500)]), 320);
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.of("interrupt")).toHaveLength(0);
    expect(t.of("assistant_done")[0]!.event.interrupted).toBe(false);
  });

  it("a hum that starts while the assistant speaks does not interrupt it", async () => {
    const t = setup({ replies: [["A long answer here. ", "And more."]], audioMs: () => 3000 });
    t.conversation.pushText("hi");
    await t.clock.advance(300);
    const hum = new Int16Array(16000 * 2).map((_, i) => Math.round(3000 * Math.sin((2 * Math.PI * 100 * i) / 16000)));
    await t.speak(concatPcm([silence(300), hum, silence(500)]), 320);
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.of("interrupt")).toHaveLength(0);
    expect(t.of("caller_turn")).toHaveLength(1); // only the typed one
    expect(t.of("assistant_done")[0]!.event.interrupted).toBe(false);
  });

    it("a typed message during a reply also interrupts it", async () => {
    const t = setup({ replies: [["First answer is long. ", "Still going."], ["Second."]], audioMs: () => 3000 });
    t.conversation.pushText("one");
    await t.clock.advance(100);
    t.conversation.pushText("two");
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.types().filter((x) => x === "interrupt")).toHaveLength(1);
    expect(t.of("assistant_done").map((l) => l.event.interrupted)).toEqual([true, false]);
  });
});

describe("Conversation: provider errors", () => {
  const APOLOGY = "Sorry, I lost you for a moment. Could you say that again?";

  it("a transcription failure gives an error event, keeps the caller's line, apologises, and the call goes on", async () => {
    const t = setup({ transcripts: [new Error("whisper is down")], replies: [["Fine."]] });
    await t.speak(hello());
    await t.clock.advance(8000);
    expect(t.of("error").map((l) => l.event)).toEqual([{ type: "error", code: "stt_failed", message: "whisper is down" }]);
    expect(t.of("caller_turn").map((l) => l.event)).toEqual([expect.objectContaining({ text: expect.stringMatching(/^\[speech, \d\.\d s\]$/), recognized: false })]);
    expect(t.provider.requests).toHaveLength(0); // nothing to answer: the apology instead
    const apology = t.of("assistant_done")[0]!.event;
    expect(apology).toMatchObject({ text: APOLOGY, interrupted: false, outcome: { status: "failed", sttMode: "batch", failedStage: "transcribe", error: "whisper is down" } });
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual([APOLOGY]);
    t.conversation.pushText("are you there?");
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("assistant_done")).toHaveLength(2);
    expect(t.of("assistant_done")[1]!.event.outcome).toEqual({ status: "ok", sttMode: "typed" });
  });

  it("an LLM failure mid-stream keeps what was said, reports the error, then apologises", async () => {
    const t = setup({ replies: [["Let me think. ", "Well", new Error("model overloaded")]] });
    t.conversation.pushText("question");
    await t.clock.advance(8000);
    await t.conversation.idle();
    expect(t.of("error")[0]!.event).toMatchObject({ code: "llm_failed", message: "model overloaded" });
    const [said, apology] = t.of("assistant_done").map((l) => l.event);
    // The unfinished fragment was never spoken: the entry keeps what the caller heard.
    expect(said).toMatchObject({ text: "Let me think.", spokenText: "Let me think.", interrupted: false, outcome: { status: "failed", failedStage: "reply" } });
    expect(apology).toMatchObject({ text: APOLOGY, outcome: { status: "failed", failedStage: "reply" } });
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual(["Let me think.", APOLOGY]);
  });

  it("a synthesis failure stops the reply after what was said; the apology plays in the bundled voice", async () => {
    const t = setup({ replies: [["Good. ", "Bad one. ", "Good again."]], failSynth: (s) => s.startsWith("Bad") || s === APOLOGY });
    t.conversation.pushText("go");
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("error").map((l) => l.event.code)).toEqual(["tts_failed"]);
    expect(t.of("assistant_audio").map((l) => l.event.sentence)).toEqual(["Good.", APOLOGY]);
    const [said, apology] = t.of("assistant_done").map((l) => l.event);
    expect(said!.spokenText).toBe("Good.");
    expect(apology!.outcome).toMatchObject({ status: "failed", failedStage: "speech", fallbacks: ["line:clip"] });
    // The speech model had failed: the apology was not asked of it again.
    expect(t.provider.synthCalls.map((c) => c.text)).toEqual(["Good.", "Bad one."]);
  });
});
