// A provider's incremental speech-to-text (startTranscription): fed the turn's audio while the caller
// speaks, finished by hearing.ts when the turn ends, under the same deadline and retry policy as a
// batch transcription (a retry transcribes the whole turn).
import { describe, expect, it } from "vitest";
import type { AiProvider, Transcript, TranscriptionStream } from "../../../../worker/ai/provider";
import { stepError } from "../../support/chaos-provider";
import type { ManualClock } from "../../support/manual-clock";
import { ScriptedProvider } from "../../support/scripted-provider";
import { hello, setup } from "../conversation-harness";

type Finish = Transcript | Error | "hang";

class RecordingStream implements TranscriptionStream {
  readonly pushed: Int16Array[] = [];
  cancelled = false;
  finishSignal: AbortSignal | undefined;
  constructor(
    private readonly clock: ManualClock,
    private readonly result: Finish,
  ) {}
  push(samples: Int16Array): void {
    this.pushed.push(samples.slice());
  }
  async finish(signal?: AbortSignal): Promise<Transcript> {
    this.finishSignal = signal;
    if (this.result === "hang") {
      await this.clock.sleep(3_600_000, signal);
      throw new Error("unreachable");
    }
    if (this.result instanceof Error) throw this.result;
    return this.result;
  }
  cancel(): void {
    this.cancelled = true;
  }
  get samples(): number {
    return this.pushed.reduce((n, p) => n + p.length, 0);
  }
}

/** The scripted provider with a startTranscription whose streams end with `results` in turn. */
function incremental(results: Finish[], batch: Transcript[] = [], warmUp?: () => Promise<void>) {
  const streams: RecordingStream[] = [];
  let clock!: ManualClock;
  let inner!: ScriptedProvider;
  const provider: AiProvider = {
    name: "offline",
    transcribe: (audio, signal) => inner.transcribe(audio, signal),
    textEmotions: (text) => inner.textEmotions(text),
    reply: (request, signal) => inner.reply(request, signal),
    synthesize: (text, voice, signal) => inner.synthesize(text, voice, signal),
    startTranscription: () => {
      const stream = new RecordingStream(clock, results[streams.length % results.length] ?? "hang");
      streams.push(stream);
      return stream;
    },
    ...(warmUp ? { warmUp } : {}),
  };
  const t = setup({ replies: [["Okay."]], transcripts: batch }, { provider });
  clock = t.clock;
  inner = t.provider;
  return { t, streams };
}

describe("incremental speech-to-text", () => {
  it("is fed while the caller speaks; the turn's words come from the stream, no batch transcription runs", async () => {
    const { t, streams } = incremental([{ text: "hello from the stream", recognized: true }]);
    const speech = hello();
    const half = 4096 * Math.floor(speech.length / 2 / 4096);
    await t.speak(speech.subarray(0, half));
    // Still speaking (no turn end yet): the stream already holds the speech so far.
    expect(streams).toHaveLength(1);
    expect(t.of("caller_turn")).toHaveLength(0);
    expect(streams[0]!.samples).toBeGreaterThan(half / 2);
    await t.speak(speech.subarray(half));
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("caller_turn").map((l) => [l.event.text, l.event.recognized])).toEqual([["hello from the stream", true]]);
    expect(t.provider.transcribed).toHaveLength(0);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ text: "Okay.", outcome: { status: "ok" } });
    expect(streams[0]!.cancelled).toBe(false);
  });

  it("a stream that fails transiently is retried by transcribing the whole turn", async () => {
    const { t, streams } = incremental([stepError("transcribe", "decoder busy", true)], [{ text: "hello from the batch", recognized: true }]);
    await t.speak(hello());
    await t.clock.advance(3000);
    await t.conversation.idle();
    expect(t.of("error")).toHaveLength(0);
    expect(t.of("caller_turn")[0]!.event.text).toBe("hello from the batch");
    expect(t.provider.transcribed).toHaveLength(1);
    // The retry heard all the audio the stream was fed.
    expect(t.provider.transcribed[0]!.samples.length).toBe(streams[0]!.samples);
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ outcome: { status: "ok", retries: { transcribe: 1 } } });
  });

  it("the provider warms up at call start (prepare); a failed warm-up is logged and the call goes on", async () => {
    let warmUps = 0;
    const ok = incremental([{ text: "hello", recognized: true }], [], async () => void warmUps++);
    await ok.t.conversation.prepare();
    expect(warmUps).toBe(1);

    const failing = incremental([{ text: "hello from the stream", recognized: true }], [], () => Promise.reject(stepError("transcribe", "model file missing", false)));
    await failing.t.conversation.prepare();
    expect(failing.t.trail.filter((l) => l.level === "error").map((l) => l.record)).toEqual([
      expect.objectContaining({ stage: "transcribe", model: "test/transcribe", fallback: "loaded on first use" }),
    ]);
    await failing.t.speak(hello());
    await failing.t.clock.advance(3000);
    await failing.t.conversation.idle();
    expect(failing.t.of("caller_turn")[0]!.event.text).toBe("hello from the stream");
  });

  it("every engine that failed to warm up is logged under its own stage", async () => {
    const both = new AggregateError([stepError("transcribe", "no wasm", false), stepError("reply", "chunk failed to load", false)]);
    const { t } = incremental([{ text: "hello", recognized: true }], [], () => Promise.reject(both));
    await t.conversation.prepare();
    expect(t.trail.filter((l) => l.level === "error").map((l) => l.record)).toEqual([
      expect.objectContaining({ stage: "transcribe", error: "no wasm", fallback: "loaded on first use" }),
      expect.objectContaining({ stage: "reply", error: "chunk failed to load", fallback: "loaded on first use" }),
    ]);
  });

  it("a hung stream is cancelled at the speech-to-text deadline and the caller hears the apology", async () => {
    const { t, streams } = incremental(["hang"]);
    await t.speak(hello());
    await t.clock.advance(12_000);
    await t.conversation.idle();
    const turnEnd = t.of("caller_turn")[0]!.event.at;
    expect(t.of("error")[0]).toMatchObject({ at: turnEnd + 6000, event: { code: "stt_failed", message: "Speech-to-text did not answer within 6000 ms" } });
    expect(streams[0]!.finishSignal?.aborted).toBe(true);
    expect(t.of("caller_turn")[0]!.event.recognized).toBe(false);
  });
});
