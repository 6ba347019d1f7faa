// Local speech in workerd (this project, worker-local-speech, runs the development build, engines
// included). One file, so the engines' modules load into one runtime (each file has its own, and
// loading them takes most of a minute on a 2-core machine).
//
// Configuration: which provider answers when no AI account is configured: local speech in a build that
// carries it, chosen with AI_PROVIDER auto or local. The same settings in a build without it
// (production): ai-settings.test.ts.
//
// A call, closed loop with real words: flite-spoken utterances (test/fixtures/
// local-speech, made by scripts/make-speech-fixtures.ts) streamed over a real call socket at real-time
// pace into a call answered by the local provider → the transcripts hold the words (WER ≤ 20 %) → the
// sad sentence scores sadness highest → the reply is spoken by flite and its audio, fed back to the
// recogniser, yields words of the reply text.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { base64ToPcm16 } from "../../../protocol/pcm16";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { LocalSpeechProvider } from "../../../worker/ai/local/provider";
import type { CallSession } from "../../../worker/call/CallSession";
import { wordErrorRate, words } from "../../../bench/support/wer";
import manifest from "../../fixtures/local-speech/manifest.json";
import callMother from "../../fixtures/local-speech/call-mother.wav?inline";
import examWorried from "../../fixtures/local-speech/exam-worried.wav?inline";
import happyBaby from "../../fixtures/local-speech/happy-baby.wav?inline";
import planWeek from "../../fixtures/local-speech/plan-week.wav?inline";
import sadJob from "../../fixtures/local-speech/sad-job.wav?inline";
import weather from "../../fixtures/local-speech/weather.wav?inline";
import { pcmFromWavDataUrl, streamAudio } from "../support/audio";
import { callStub, startTestCall } from "../support/call";
import { env } from "cloudflare:workers";
import { LOCAL_SPEECH_AVAILABLE } from "../../../worker/config/local-speech-build";
import { pocketSphinx } from "../../../worker/ai/local/stt/assets";
import { readConfig } from "../../../worker/config/config";
import { selectProvider } from "../../../worker/ai/select";

const AUDIO: Record<string, string> = {
  "call-mother": callMother,
  "exam-worried": examWorried,
  "happy-baby": happyBaby,
  "plan-week": planWeek,
  "sad-job": sadJob,
  weather,
};

type EntryMsg = { text: string; entry: TranscriptEntry; final?: boolean };

function topEmotion(scores: Record<string, number>): string {
  return Object.entries(scores).sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

describe("local speech in workerd", { timeout: 120_000 }, () => {
  it("hears flite-spoken utterances over a call at real-time pace, scores the sad one sad, and answers intelligibly", async () => {
    const { socket, callId } = await startTestCall();
    await runInDurableObject(callStub(callId), (instance: CallSession) => instance.useProvider(new LocalSpeechProvider()));
    const pairs: Array<{ reference: string; hypothesis: string }> = [];
    let sadEntry: TranscriptEntry | null = null;
    for (const utterance of manifest) {
      await streamAudio(socket, pcmFromWavDataUrl(AUDIO[utterance.name] as string), 1);
      const heard = await socket.next<EntryMsg>("transcription", 20_000);
      pairs.push({ reference: utterance.text, hypothesis: heard.text });
      if (utterance.name === "sad-job") sadEntry = heard.entry;
    }
    const wer = wordErrorRate(pairs);
    console.log(`local speech WER over a call: ${(wer * 100).toFixed(1)} %`, pairs);
    expect(wer).toBeLessThanOrEqual(0.2);

    expect(sadEntry).not.toBeNull();
    expect(topEmotion(sadEntry?.emotions ?? {})).toBe("sadness");

    // The last utterance's reply: let it play out, then feed its audio back to the recogniser.
    const replyAudio: Int16Array[] = [];
    const done = await socket.next<EntryMsg>((m) => m.type === "ai_response" && m.final === true && !(m.entry as TranscriptEntry).interrupted, 60_000);
    for (const a of socket.all<{ data: string; entryId: string }>("audio_response")) if (a.entryId === done.entry.id) replyAudio.push(base64ToPcm16(a.data));
    expect(replyAudio.length).toBeGreaterThan(0);
    const provider = new LocalSpeechProvider();
    const pcm = new Int16Array(replyAudio.reduce((n, a) => n + a.length, 0));
    replyAudio.reduce((at, a) => (pcm.set(a, at), at + a.length), 0);
    const heardBack = await provider.transcribe({ samples: pcm, sampleRate: 16000 });
    const replyWords = new Set(words(done.text));
    const recognised = words(heardBack.text).filter((w) => replyWords.has(w));
    console.log("reply:", done.text, "| heard back:", heardBack.text);
    expect(recognised.length / replyWords.size).toBeGreaterThan(0.5);
    socket.send({ type: "end_call" });
    await socket.next("call_ended", 10_000);
  });
});

describe("local speech configuration", () => {
  it("is the default without an AI binding, and can be asked for by name", () => {
    expect(LOCAL_SPEECH_AVAILABLE).toBe(true);
    expect(readConfig({ ...env, AI_PROVIDER: "auto" }).ai.stages).toEqual({ stt: "local", reply: "local", speech: "local", emotions: "local", turn: "local" });
    expect(readConfig({ ...env, AI_PROVIDER: "auto", AI: {} as Ai }).aiProvider).toBe("workers-ai");
    expect(readConfig({ ...env, AI_PROVIDER: "auto" }).aiProvider).toBe("local");
    expect(readConfig({ ...env, AI_PROVIDER: "local" }).aiProvider).toBe("local");
    expect(selectProvider({ ...env, AI_PROVIDER: "auto" }).name).toBe("local");
    expect(selectProvider({ ...env, AI_PROVIDER: "offline" }).name).toBe("offline");
  });

  it("is one engine of the per-stage table: its labels, and a stage of it mixed with another engine", () => {
    const local = selectProvider({ ...env, AI_PROVIDER: "local" });
    expect(local.engines?.summary).toBe("Local speech · rule-based replies · flite voice");
    expect(local.engines?.recognizesSpeech).toBe(true);
    expect(typeof local.startTranscription).toBe("function");
    expect(typeof local.warmUp).toBe("function"); // the recogniser loads at call start
    const mixed = selectProvider({ ...env, AI_PROVIDER: "offline", AI_STT: "local" });
    expect(mixed.name).toBe("mixed");
    expect(mixed.engines?.stages.stt).toEqual({ engine: "local", label: "Local speech" });
    expect(mixed.engines?.stages.reply.engine).toBe("offline");
    expect(typeof mixed.startTranscription).toBe("function");
    expect(typeof mixed.warmUp).toBe("function");
    expect(selectProvider({ ...env, AI_PROVIDER: "local", AI_STT: "offline" }).startTranscription).toBeUndefined();
    // Local replies and voice with offline speech-to-text: the local engine is told it runs no
    // speech-to-text, so its warm-up loads no recogniser (test/unit/ai/warm-up.test.ts).
    expect(typeof selectProvider({ ...env, AI_PROVIDER: "local", AI_STT: "offline" }).warmUp).toBe("function");
    expect(selectProvider({ ...env, AI_PROVIDER: "offline" }).warmUp).toBeUndefined();
  });

  it("loads the recogniser at call start only when the call's speech-to-text is local", async () => {
    let loads = 0;
    const provider = new LocalSpeechProvider(() => {
      loads++;
      return pocketSphinx();
    });
    await provider.warmUp(new Set(["reply", "speech", "emotions", "turn"]));
    expect(loads).toBe(0);
    await provider.warmUp(new Set(["stt", "reply"]));
    expect(loads).toBe(1);
    await provider.warmUp(); // asked directly, with no stages: it loads
    expect(loads).toBe(2);
  });

  it("names the setting and the choices when it is wrong", () => {
    expect(() => readConfig({ ...env, AI_PROVIDER: "whisper" })).toThrow(/AI_PROVIDER must be one of auto, workers-ai, openai, local, offline\. /);
    expect(() => readConfig({ ...env, AI_EMOTIONS: "openai" })).toThrow(/AI_EMOTIONS names an engine with no emotion scores; choose one of workers-ai, local, offline/);
  });
});

describe("the local Echo's dialogue manager in workerd", { timeout: 60_000 }, () => {
  it("tags with wink-nlp inside workerd (no fs, eval or run-time wasm), and reflects the caller's words", async () => {
    const provider = new LocalSpeechProvider();
    let text = "";
    const turn = { text: "i miss my dad so much since he passed", recognized: true, typed: false, speechMs: 2500, index: 1 };
    for await (const delta of provider.reply({ persona: { name: "Ada", description: "", personality: "empathetic", expertise: "general", instructions: "", voiceStyle: "default" }, messages: [], callerEmotions: { sadness: 0.7 }, turn })) text += delta;
    expect(text).toContain("you miss your dad");
  });

  it("a typed goodbye to the local Echo gets a closing line, then call_ended", async () => {
    const { socket, callId, provider } = await startTestCall();
    expect(provider).toBe("local");
    socket.send({ type: "text_input", text: "Okay, I have to go now. Goodbye!" });
    const closing = await socket.next<{ type: string; text: string; final?: boolean }>((m) => m.type === "ai_response" && m.final === true, 20_000);
    expect(closing.text).toMatch(/bye/i);
    expect(await socket.next("call_ended", 20_000)).toMatchObject({ callId, reason: "echo_said_goodbye" });
  });
});
