// Text deltas from a Workers AI streamed text-generation response: a server-sent-events byte stream of
// `data: {"response":"..."}` lines ending with `data: [DONE]` (OpenAI-style `choices[0].delta.content`
// events are understood too). Lines may be split across chunks. A malformed event is a clear error.
// Tool calls in the events (Workers AI's native `tool_calls`, or OpenAI-style `delta.tool_calls`) go to
// the `toolCalls` gatherer when one is given.
import type { ToolCallDeltas } from "../action-tools";

interface LlmEvent {
  response?: unknown;
  tool_calls?: unknown;
  choices?: Array<{ delta?: { content?: unknown; tool_calls?: unknown } }>;
  error?: unknown;
  errors?: unknown;
}

function deltaOf(json: string, toolCalls: ToolCallDeltas | undefined): string {
  let event: LlmEvent;
  try {
    event = JSON.parse(json) as LlmEvent;
  } catch {
    throw new Error(`The language model sent a malformed stream event: ${json.slice(0, 80)}`);
  }
  // `errors: []` (an empty list, as OpenAI-style and Cloudflare API envelopes send alongside a good
  // answer) is not an error.
  const errors = Array.isArray(event.errors) ? (event.errors.length > 0 ? event.errors : null) : event.errors;
  if (event.error || errors) throw new Error(`The language model reported an error: ${JSON.stringify(event.error ?? errors).slice(0, 200)}`);
  if (toolCalls) {
    toolCalls.push(event.tool_calls);
    toolCalls.push(event.choices?.[0]?.delta?.tool_calls);
  }
  if (typeof event.response === "string") return event.response;
  const content = event.choices?.[0]?.delta?.content;
  return typeof content === "string" ? content : "";
}

/**
 * `signal`: aborted, the stream is cancelled at once, also while a read waits for the model (a
 * generator's return() would wait for that read: a stalled stream would keep its connection).
 */
export async function* sseTextDeltas(stream: ReadableStream<Uint8Array>, signal?: AbortSignal, toolCalls?: ToolCallDeltas): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal?.aborted) cancel();
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = done ? "" : (lines.pop() ?? "");
      for (const raw of lines) {
        const line = raw.trim();
        if (!line.startsWith("data:")) continue; // comments, event names, blank separators
        const data = line.slice(5).trim();
        if (data === "[DONE]") return;
        if (!data) continue;
        const delta = deltaOf(data, toolCalls);
        if (delta) yield delta;
      }
      if (done) return;
    }
  } finally {
    signal?.removeEventListener("abort", cancel);
    cancel();
  }
}
