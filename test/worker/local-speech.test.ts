// Local speech in workerd, closed loop with real words: flite-spoken utterances (test/fixtures/
// local-speech, made by scripts/make-speech-fixtures.ts) streamed over a real call socket at real-time
// pace into a call answered by the local provider → the transcripts hold the words (WER ≤ 20 %) → the
// sad sentence scores sadness highest → the reply is spoken by flite and its audio, fed back to the
// recogniser, yields words of the reply text.
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { base64ToPcm16 } from "../../protocol/pcm16";
import type { TranscriptEntry } from "../../protocol/call";
import { LocalSpeechProvider } from "../../worker/ai/local/provider";
import type { CallSession } from "../../worker/call/CallSession";
import { wordErrorRate, words } from "../../bench/support/wer";
import manifest from "../fixtures/local-speech/manifest.json";
import callMother from "../fixtures/local-speech/call-mother.wav?inline";
import examWorried from "../fixtures/local-speech/exam-worried.wav?inline";
import happyBaby from "../fixtures/local-speech/happy-baby.wav?inline";
import planWeek from "../fixtures/local-speech/plan-week.wav?inline";
import sadJob from "../fixtures/local-speech/sad-job.wav?inline";
import weather from "../fixtures/local-speech/weather.wav?inline";
import { pcmFromWavDataUrl, streamAudio } from "./support/audio";
import { callStub, startTestCall } from "./support/call";

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
