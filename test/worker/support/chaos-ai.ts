// A stand-in for the Workers AI binding (env.AI) that answers with the models' documented shapes —
// whisper {text}, llama SSE `data: {"response"}` events, aura raw linear16 bytes, smart-turn
// {is_complete, probability} — and fails the ways the real binding does,
// on demand: a hang (until the caller's AbortSignal fires), a slow first token, thrown errors with the
// binding's messages (3040 out of capacity, HTTP 429 / 500, 5007…), a malformed stream event, a stream
// cut mid-sentence, an empty transcript, MP3 bytes instead of PCM. Faults are queued per model and
// used one call at a time; with none queued the model answers normally.
import { synthesizeSpeech } from "../../../worker/ai/offline/synth";
import { pcm16ToBytes } from "../../../protocol/pcm16";
import { MODELS } from "../../../worker/ai/workers-ai/provider";

export type ChaosFault =
  | "hang"
  | "empty-transcript"
  | "malformed-json"
  | "mp3"
  | { slowFirstTokenMs: number }
  | { cutAfterEvents: number }
  | { throw: string };

export const BINDING_ERRORS = {
  capacity: "AiError: 3040: No more data centers to forward the request to",
  rateLimited: "InferenceUpstreamError: HTTP 429 Too Many Requests",
  serverError: "InferenceUpstreamError: HTTP 500 Internal Server Error",
  noSuchModel: "AiError: 5007: No such model or task",
} as const;

type Model = (typeof MODELS)[keyof typeof MODELS];

const enc = new TextEncoder();
const REPLY = "Of course. I am right here with you.";

function abortable<T>(signal: AbortSignal | undefined, run: (resolve: (v: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException("The operation was aborted.", "AbortError"));
    signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")), { once: true });
    run(resolve);
  });
}

function sse(events: string[], opts: { firstDelayMs?: number; cutAfter?: number; signal?: AbortSignal | undefined }): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i === 0 && opts.firstDelayMs) await new Promise((r) => setTimeout(r, opts.firstDelayMs));
      if (opts.signal?.aborted) return controller.error(new DOMException("aborted", "AbortError"));
      if (opts.cutAfter !== undefined && i === opts.cutAfter) return controller.error(new Error("Network connection lost."));
      const e = events[i++];
      if (e === undefined) return controller.close();
      controller.enqueue(enc.encode(e));
    },
  });
}

const replyEvents = (text: string) => [...text.split(/(?<= )/).map((w) => `data: ${JSON.stringify({ response: w, errors: [] })}\n\n`), "data: [DONE]\n\n"];

export class ChaosAi {
  readonly calls: Array<{ model: string; signal: AbortSignal | undefined }> = [];
  private readonly faults = new Map<string, ChaosFault[]>();

  /** Queues faults for a model's next calls. */
  fail(model: Model, ...faults: ChaosFault[]): this {
    this.faults.set(model, [...(this.faults.get(model) ?? []), ...faults]);
    return this;
  }

  /** Every call of `model` fails like this from now on. */
  breakFor(model: Model, fault: ChaosFault, calls = 1000): this {
    return this.fail(model, ...Array<ChaosFault>(calls).fill(fault));
  }

  count(model: Model): number {
    return this.calls.filter((c) => c.model === model).length;
  }

  /** The binding, as WorkersAiProvider takes it. */
  get binding(): Ai {
    return { run: (model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }) => this.run(model, inputs, options?.signal) } as unknown as Ai;
  }

  private async run(model: string, inputs: Record<string, unknown>, signal: AbortSignal | undefined): Promise<unknown> {
    this.calls.push({ model, signal });
    const fault = this.faults.get(model)?.shift();
    if (fault === "hang") return abortable(signal, () => undefined);
    if (fault && typeof fault === "object" && "throw" in fault) throw new Error(fault.throw);
    switch (model) {
      case MODELS.whisper:
        return { text: fault === "empty-transcript" ? "" : " Can you hear me?", word_count: 4 };
      case MODELS.llm: {
        if (fault === "malformed-json") return sse(["data: {\"response\": \"Hel\n\n"], { signal });
        const opts = { signal, ...(fault && typeof fault === "object" && "slowFirstTokenMs" in fault ? { firstDelayMs: fault.slowFirstTokenMs } : {}) };
        if (fault && typeof fault === "object" && "cutAfterEvents" in fault) return sse(replyEvents(REPLY), { ...opts, cutAfter: fault.cutAfterEvents });
        return sse(replyEvents(REPLY), opts);
      }
      case MODELS.tts: {
        if (fault === "mp3") return enc.encode("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000 not pcm at all");
        const pcm = synthesizeSpeech(String(inputs.text), "default").subarray(0, 8000); // ≤ 0.5 s: quick tests
        return new Blob([pcm16ToBytes(pcm)]).stream();
      }
      case MODELS.turn:
        return { is_complete: true, probability: 0.9 };
      default:
        throw new Error(`AiError: 5007: No such model ${model} or task`);
    }
  }
}
