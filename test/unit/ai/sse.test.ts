import { describe, expect, it } from "vitest";
import { sseTextDeltas } from "../../../worker/ai/workers-ai/sse";

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const p of parts) controller.enqueue(enc.encode(p));
      controller.close();
    },
  });
}

async function collect(parts: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const d of sseTextDeltas(streamOf(parts))) out.push(d);
  return out;
}

describe("Workers AI SSE text stream", () => {
  it("yields each response delta and stops at [DONE]", async () => {
    expect(await collect(['data: {"response":"Hel"}\n\n', 'data: {"response":"lo!"}\n\n', "data: [DONE]\n\n", 'data: {"response":"ignored"}\n\n'])).toEqual(["Hel", "lo!"]);
  });

  it("joins events split across chunks, also in the middle of a multi-byte character", async () => {
    const bytes = new TextEncoder().encode('data: {"response":"café ☕"}\n\ndata: [DONE]\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.subarray(i, i + 3));
        c.close();
      },
    });
    const out: string[] = [];
    for await (const d of sseTextDeltas(stream)) out.push(d);
    expect(out.join("")).toBe("café ☕");
  });

  it("skips empty and usage-only events, understands OpenAI-style deltas, ends without [DONE]", async () => {
    expect(
      await collect([': keep-alive\n', 'data: {"response":"","usage":{"total_tokens":3}}\r\n\r\n', 'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n', 'data: {"response":"!"}']),
    ).toEqual(["Hi", "!"]);
  });

  it("turns malformed or error events into clear errors", async () => {
    await expect(collect(["data: {not json}\n\n"])).rejects.toThrow(/malformed stream event/);
    await expect(collect(['data: {"error":"capacity"}\n\n'])).rejects.toThrow(/reported an error: "capacity"/);
  });

  it("an abort cancels a stalled stream at once, while a read still waits for the model", async () => {
    let cancelled = false;
    let pulls = 0;
    const stalled = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('data: {"response":"Hello"}\n\n'));
        return new Promise<void>(() => undefined); // the model never sends more
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const deltas = sseTextDeltas(stalled, controller.signal);
    expect(await deltas.next()).toEqual({ value: "Hello", done: false });
    const next = deltas.next(); // waits on the stalled read
    controller.abort();
    expect(await next).toEqual({ value: undefined, done: true });
    expect(cancelled).toBe(true);
  });

  it("an empty errors list is no error: the reply goes on", async () => {
    expect(await collect(['data: {"response":"Hi","errors":[]}\n\n', 'data: {"response":" there","errors":[],"success":true}\n\n', "data: [DONE]\n\n"])).toEqual(["Hi", " there"]);
    await expect(collect(['data: {"response":"Hi","errors":[{"code":3040,"message":"capacity"}]}\n\n'])).rejects.toThrow(/reported an error: \[\{"code":3040/);
  });
});
