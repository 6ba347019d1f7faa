import { describe, expect, it } from "vitest";
import type { CallerTurnInfo, Persona, ReplyRequest } from "../../../worker/ai/provider";
import { OfflineProvider, activeSpeechMs } from "../../../worker/ai/offline/provider";
import type { CallType, EmotionScores } from "../../../protocol/call-messages";
import { lightLanguage } from "../../../worker/ai/offline/dialogue/light-tagger";
import { respond } from "../../../worker/ai/offline/dialogue/manager";
import { synthesizeSpeech, syllables, VOICES } from "../../../worker/ai/offline/synth";
import { concatPcm } from "../../../worker/audio/pcm";
import { measureProsody } from "../../../worker/pipeline/hearing/prosody";
import { TurnDetector } from "../../../worker/pipeline/turns/end-of-turn";
import { deliveryFor } from "../../../worker/pipeline/reply/delivery";
import { loadFixture, silence } from "../support/fixtures";

const persona: Persona = { name: "Nova", description: "", personality: "friendly", expertise: "fitness", instructions: "", voiceStyle: "default" };
const turn = (over: Partial<CallerTurnInfo> = {}): CallerTurnInfo => ({ text: "hello", recognized: true, typed: true, speechMs: 0, index: 1, ...over });

const composeReply = (p: Persona, t: CallerTurnInfo | null, callerEmotions: EmotionScores, callType: CallType = "browser_test") =>
  respond({ persona: p, messages: [], callerEmotions, turn: t, callType }, { language: lightLanguage, engine: "offline" }).text;

async function replyText(p: OfflineProvider, request: Partial<ReplyRequest>): Promise<string> {
  let text = "";
  for await (const d of p.reply({ persona, messages: [], callerEmotions: {}, turn: turn(), ...request })) text += d;
  return text;
}

describe("offline provider: honest transcription", () => {
  it("never invents words: it reports how much speech it heard", async () => {
    const p = new OfflineProvider();
    const t = await p.transcribe({ samples: loadFixture("speech-hello"), sampleRate: 16000 });
    expect(t.recognized).toBe(false);
    expect(t.text).toMatch(/^\[speech, (1\.9|2\.0) s\]$/);
    expect(activeSpeechMs({ samples: silence(1000), sampleRate: 16000 })).toBe(0);
  });
});

describe("offline provider: replies (the dialogue manager, built-in tagger)", () => {
  it("for unrecognised speech says it is offline, can't make out words, and invites typing", () => {
    const text = composeReply(persona, turn({ text: "[speech, 1.8 s]", recognized: false, typed: false, speechMs: 1800 }), {});
    expect(text).toMatch(/offline/i);
    expect(text).toMatch(/type/i);
    expect(text).not.toMatch(/you mentioned|good question/i);
    expect(text).toMatch(/1\.8 seconds|won't guess|can't (make out|recognise)/);
  });

  it("on a phone call (no text box) it never asks the caller to type", () => {
    for (const index of [0, 1, 2, 3]) {
      const text = composeReply(persona, turn({ text: "[speech, 1.8 s]", recognized: false, typed: false, speechMs: 1800, index }), {}, "phone");
      expect(text).toMatch(/offline/i);
      expect(text).not.toMatch(/typ/i);
    }
    expect(composeReply(persona, null, {}, "phone")).not.toMatch(/typ/i);
    expect(composeReply(persona, null, {}, "browser_test")).toMatch(/type to me/);
  });

  it("reflects typed words grammatically and asks a follow-up about them", () => {
    const text = composeReply(persona, turn({ text: "I want to start running before my marathon" }), {});
    expect(text.toLowerCase()).toContain("you want to start running");
    expect(text).toMatch(/\?$/);
  });

  it("typed text is never treated as unheard speech", () => {
    const text = composeReply(persona, turn({ text: "Hi again, it's me." }), {});
    expect(text).not.toMatch(/make out|repeat|say that again/i);
    expect(text).toMatch(/again|back/i);
  });

  it("responds to the caller's emotions", () => {
    expect(composeReply(persona, turn({ text: "my dog died and I miss him" }), { sadness: 0.7, calm: 0.3 })).toMatch(/sorry|hard|painful/);
    expect(composeReply(persona, turn({ text: "I got the job" }), { joy: 0.8, calm: 0.2 })).toMatch(/wonderful|great news|love hearing|lovely/i);
    expect(composeReply(persona, turn({ text: "fine" }), { calm: 1 })).not.toMatch(/sorry|frustrating|frightening/);
  });

  it("stays in character: personality and expertise change the reply", () => {
    const a = composeReply({ ...persona, personality: "professional", expertise: "business" }, turn({ index: 3, text: "Hello" }), {});
    const b = composeReply({ ...persona, personality: "enthusiastic", expertise: "technology" }, turn({ index: 3, text: "Hello" }), {});
    expect(a).not.toBe(b);
    expect(a).toMatch(/goals|numbers|outcome|obstacle/);
    expect(b).toMatch(/tried|device|app/);
  });

  it("introduces itself on the first turn, varies by turn, and is deterministic", () => {
    expect(composeReply(persona, turn({ index: 0 }), {})).toContain("I'm Nova");
    const replies = new Set([0, 1, 2, 3, 4, 5].map((index) => composeReply(persona, turn({ index, text: "hello there" }), {})));
    expect(replies.size).toBeGreaterThan(2);
    expect(composeReply(persona, turn(), {})).toBe(composeReply(persona, turn(), {}));
  });

  it("streams the reply word by word and stops when aborted", async () => {
    const p = new OfflineProvider();
    const text = await replyText(p, {});
    expect(text.split(" ").length).toBeGreaterThan(5);
    const controller = new AbortController();
    const seen: unknown[] = [];
    await expect(async () => {
      for await (const d of p.reply({ persona, messages: [], callerEmotions: {}, turn: turn() }, controller.signal)) {
        seen.push(d);
        controller.abort();
      }
    }).rejects.toThrow(/aborted/);
    expect(seen).toHaveLength(1);
  });
});

describe("offline provider: speech synthesis", () => {
  it("splits words into syllables", () => {
    expect(syllables("hello").map((s) => s.vowel)).toEqual(["e", "o"]);
    expect(syllables("make")).toHaveLength(1);
    expect(syllables("strength")).toHaveLength(1);
    expect(syllables("")).toEqual([]);
  });

  it("produces audible, speech-like audio that the VAD hears as speech", async () => {
    const { samples, sampleRate } = await new OfflineProvider().synthesize("Hello there, how are you today?", "default");
    expect(sampleRate).toBe(16000);
    expect(samples.length / 16000).toBeGreaterThan(1);
    expect(samples.length / 16000).toBeLessThan(4);
    const events = new TurnDetector({ silenceMs: 400 }).push(concatPcm([silence(300), samples, silence(600)]));
    expect(events.map((e) => e.type)).toEqual(["speech_start", "turn_end"]);
    const p = measureProsody(samples, 16000);
    expect(p.voicedRatio).toBeGreaterThan(0.3);
    expect(p.syllablesPerSec).toBeGreaterThan(2);
  });

  it("says a reply at its delivery: slower and softer for a sad caller, brighter for a happy one", async () => {
    const text = "I am here with you, take all the time you need.";
    const plain = synthesizeSpeech(text, "warm");
    const soft = deliveryFor({ sadness: 0.9, calm: 0.1 }, "warm");
    const slow = synthesizeSpeech(text, "warm", soft);
    const quick = synthesizeSpeech(text, "warm", deliveryFor({ joy: 0.9, calm: 0.1 }, "warm"));
    expect(slow.length).toBeGreaterThan(plain.length * 1.08);
    expect(quick.length).toBeLessThan(plain.length * 0.97);
    const peak = (s: Int16Array) => s.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak(slow)).toBeLessThan(peak(plain) * 0.85);
    expect(measureProsody(slow, 16000).pitchHz!).toBeLessThan(measureProsody(plain, 16000).pitchHz!);
    // Through the provider (its memo keeps each delivery apart from the plain voice).
    const provider = new OfflineProvider();
    expect((await provider.synthesize(text, "warm", undefined, soft)).samples.length).toBe(slow.length);
    expect((await provider.synthesize(text, "warm")).samples.length).toBe(plain.length);
  });

  it("follows the text: more syllables take longer, punctuation adds pauses", () => {
    const short = synthesizeSpeech("Hi there", "default").length;
    const long = synthesizeSpeech("Hi there, it is lovely to talk with you again", "default").length;
    expect(long).toBeGreaterThan(short * 2);
    const plain = synthesizeSpeech("one two three", "default").length;
    const paused = synthesizeSpeech("one, two. three", "default").length;
    expect(paused - plain).toBeGreaterThan(16000 * 0.3);
  });

  it("peaks at the voice's level, however long the sentence (the buffer grows in chunks)", () => {
    const peak = (pcm: Int16Array) => pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    const short = synthesizeSpeech("Hi.", "gentle");
    // Long enough to span several of the synthesizer's chunks (16,384 samples each).
    const long = synthesizeSpeech("I'm running offline, so I can't make out your words, but I can hear you, and you can type to me too.", "energetic");
    expect(long.length).toBeGreaterThan(4 * 16384);
    expect(peak(short)).toBe(Math.round(VOICES.gentle.level * 32767));
    expect(peak(long)).toBe(Math.round(VOICES.energetic.level * 32767));
    // Sound all the way through: every chunk's stretch holds speech, none is left silent.
    for (let at = 0; at + 16384 <= long.length; at += 16384) expect(peak(long.subarray(at, at + 16384))).toBeGreaterThan(1000);
  });

  it("sounds different per voice style (pitch) and is deterministic", () => {
    const pitch = (style: "gentle" | "authoritative" | "energetic") => measureProsody(synthesizeSpeech("Good morning, how are you?", style), 16000).pitchHz!;
    expect(pitch("gentle")).toBeGreaterThan(pitch("authoritative") * 1.4);
    expect(pitch("energetic")).toBeGreaterThan(pitch("authoritative"));
    expect(synthesizeSpeech("Same text.", "warm")).toEqual(synthesizeSpeech("Same text.", "warm"));
  });
});
