// A local server speaking the OpenAI HTTP API's wire format, for tests: POST /v1/audio/transcriptions
// (multipart/form-data with a WAV `file`), POST /v1/chat/completions (JSON, or server-sent events with
// `choices[0].delta.content` chunks and `data: [DONE]` when `stream` is true), POST /v1/audio/speech
// (audio bytes: MP3 by default like OpenAI, `wav` or raw 24 kHz `pcm` when asked), and OpenAI's error
// bodies `{error:{message,type,param,code}}` with 4xx/5xx statuses. Nothing is canned per test: the
// transcript describes the WAV it received, the reply quotes the caller's last message, the speech
// lasts as long as the text. Models named `fail-<status>` answer that error; `slow` streams one word
// every 150 ms; `broken-stream` fails mid-stream with an error event; `mp3-only` ignores
// response_format. A chat request with `response_format` {type: "json_schema"} is answered with JSON
// made from its schema (strings quote the last line of the last user message); `bad-json` answers it
// with cut-off JSON, `bad-json-once` only the first time for its API key. Tool calling: with `tools` offered (checked like OpenAI checks them: 400 for a bad
// definition), a last user message "call <tool> with <arguments>" is answered with "One moment." and
// then a streamed call of that tool (`delta.tool_calls`: the id, type and name first, the arguments in
// three pieces, exactly as written, malformed or not; finish_reason "tool_calls"); a tool not offered is
// not called. Every request is logged (GET /_log?key=<api key>), with whether the client hung up
// before the answer was complete.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoggedRequest {
  path: string;
  /** The API key from `Authorization: Bearer …`, or null when no Authorization header came. */
  key: string | null;
  contentType: string;
  body: Record<string, unknown>;
  /** For transcriptions: what the uploaded file was. */
  file?: { name: string; type: string; bytes: number; sampleRate: number; channels: number; bits: number; samples: number };
  /** The response was complete (false while streaming, or when the client went away first). */
  completed: boolean;
  /** The client closed the connection before the response was complete. */
  clientAborted: boolean;
  /** Chunks written so far (streams). */
  chunks: number;
}

const ERROR_TYPES: Record<number, { type: string; code: string; message: string }> = {
  400: { type: "invalid_request_error", code: "invalid_value", message: "Invalid request." },
  401: { type: "invalid_request_error", code: "invalid_api_key", message: "Incorrect API key provided." },
  404: { type: "invalid_request_error", code: "model_not_found", message: "The model does not exist or you do not have access to it." },
  429: { type: "requests", code: "rate_limit_exceeded", message: "Rate limit reached for requests." },
  500: { type: "server_error", code: "internal_error", message: "The server had an error while processing your request." },
  503: { type: "server_error", code: "service_unavailable", message: "The engine is currently overloaded, please try again later." },
};

function sendError(res: ServerResponse, status: number, message?: string, param: string | null = null): void {
  const known = ERROR_TYPES[status] ?? ERROR_TYPES[500]!;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: { message: message ?? known.message, type: known.type, param, code: known.code } }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

interface WavInfo {
  sampleRate: number;
  channels: number;
  bits: number;
  samples: number;
  pcm: Int16Array;
}

function readWav(bytes: Uint8Array): WavInfo | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 44 || tag(0) !== "RIFF" || tag(8) !== "WAVE") return null;
  let at = 12;
  let fmt: { channels: number; sampleRate: number; bits: number } | null = null;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt ") fmt = { channels: view.getUint16(at + 10, true), sampleRate: view.getUint32(at + 12, true), bits: view.getUint16(at + 22, true) };
    if (id === "data" && fmt && fmt.bits === 16) {
      const count = Math.floor(Math.min(size, bytes.length - at - 8) / 2);
      const pcm = new Int16Array(count);
      for (let i = 0; i < count; i++) pcm[i] = view.getInt16(at + 8 + i * 2, true);
      return { ...fmt, samples: count / fmt.channels, pcm };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

function wavBytes(pcm: Int16Array, rate: number): Buffer {
  const out = Buffer.alloc(44 + pcm.length * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + pcm.length * 2, 4);
  out.write("WAVE", 8);
  out.write("fmt ", 12);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(pcm.length * 2, 40);
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] ?? 0, 44 + i * 2);
  return out;
}

/** 24 kHz "speech": a 220 Hz tone, 60 ms per character of the text. */
export const SPEECH_RATE = 24000;
export const SPEECH_MS_PER_CHAR = 60;
function speechPcm(text: string): Int16Array {
  const n = Math.round((text.length * SPEECH_MS_PER_CHAR * SPEECH_RATE) / 1000);
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / SPEECH_RATE));
  return pcm;
}

/** A few bytes that look like what OpenAI sends by default: an ID3 tag, then MPEG frames. */
const MP3_BYTES = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64, 0x00, 0x00]);

function lastUserText(messages: unknown): string | null {
  if (!Array.isArray(messages)) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as { role?: unknown; content?: unknown };
    if (m?.role === "user" && typeof m.content === "string") return m.content;
  }
  return null;
}

/** The tool names offered, or an error message for a definition OpenAI would refuse. */
function offeredTools(tools: unknown): string[] | string {
  if (tools === undefined) return [];
  if (!Array.isArray(tools) || tools.length === 0) return "'tools' must be a non-empty array.";
  const names: string[] = [];
  for (const [i, t] of tools.entries()) {
    const tool = t as { type?: unknown; function?: { name?: unknown; parameters?: unknown } };
    if (tool?.type !== "function") return `Invalid value for 'tools[${i}].type'.`;
    const name = tool.function?.name;
    if (typeof name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) return `Invalid 'tools[${i}].function.name'.`;
    const params = tool.function?.parameters as { type?: unknown } | undefined;
    if (params !== undefined && params.type !== "object") return `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"'.`;
    names.push(name);
  }
  return names;
}

/** "call schedule_callback with {…}" → that tool and its arguments as written. */
function toolCallIn(said: string, offered: readonly string[]): { name: string; args: string } | null {
  const m = /^call ([a-zA-Z0-9_-]+) with ([\s\S]*)$/.exec(said.trim());
  if (!m || !offered.includes(m[1]!)) return null;
  return { name: m[1]!, args: m[2]! };
}

export interface OpenAiTestServer {
  /** e.g. http://127.0.0.1:43123/v1 */
  baseURL: string;
  log: LoggedRequest[];
  stop(): Promise<void>;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; enum?: unknown[] };

/**
 * A structured answer (`response_format` json_schema) built from the schema itself: an object with every
 * property, a one-element array, an enum's first value, null where null is allowed, and for a string the
 * quoted line (nothing is canned per test).
 */
function fromSchema(schema: JsonSchema, quote: string): unknown {
  if (schema.enum) return schema.enum[0];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("null")) return null;
  if (types.includes("object")) return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, fromSchema(v, quote)]));
  if (types.includes("array")) return schema.items ? [fromSchema(schema.items, quote)] : [];
  if (types.includes("number") || types.includes("integer")) return 1;
  if (types.includes("boolean")) return true;
  return quote;
}

/** The last line of a message that is not a tag, without its "Speaker: " label ("Caller: I love tea." → "I love tea."). */
function quotedLine(text: string): string {
  const lines = text.split("\n").map((l) => l.trim()).filter((l) => l && !/^<\/?[a-z_-]+>$/i.test(l));
  return (lines[lines.length - 1] ?? "").replace(/^[A-Z][a-z]+: /, "");
}

export async function startOpenAiTestServer(): Promise<OpenAiTestServer> {
  const log: LoggedRequest[] = [];
  /** Structured requests per API key (`bad-json-once` answers the first one malformed). */
  const jsonRequests = new Map<string, number>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (req.method === "GET" && url.pathname === "/_log") {
      const key = url.searchParams.get("key") || null;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(log.filter((entry) => entry.key === key)));
      return;
    }
    const auth = req.headers.authorization;
    const key = auth?.startsWith("Bearer ") ? auth.slice(7) : null;
    const contentType = req.headers["content-type"] ?? "";
    const raw = await readBody(req);
    const entry: LoggedRequest = { path: url.pathname, key, contentType, body: {}, completed: false, clientAborted: false, chunks: 0 };
    log.push(entry);
    res.on("close", () => {
      if (!res.writableFinished) entry.clientAborted = true;
    });
    res.on("finish", () => (entry.completed = true));
    if (key === "wrong-key") return sendError(res, 401);
    if (req.method !== "POST") return sendError(res, 404, `Unknown request URL: ${req.method} ${url.pathname}.`);

    if (url.pathname === "/v1/audio/transcriptions") {
      if (!contentType.startsWith("multipart/form-data")) return sendError(res, 400, "Expected multipart/form-data.");
      const form = await new Request("http://localhost/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(raw) }).formData();
      for (const [name, value] of form.entries()) if (typeof value === "string") entry.body[name] = value;
      const file = form.get("file");
      const model = form.get("model");
      if (typeof model !== "string" || !model) return sendError(res, 400, "you must provide a model parameter", "model");
      if (model.startsWith("fail-")) return sendError(res, Number(model.slice(5)));
      if (!(file instanceof File)) return sendError(res, 400, "Missing file.", "file");
      const bytes = new Uint8Array(await file.arrayBuffer());
      const wav = readWav(bytes);
      if (!wav) return sendError(res, 400, "Invalid file format. Supported formats: ['wav', ...]", "file");
      entry.file = { name: file.name, type: file.type, bytes: bytes.length, sampleRate: wav.sampleRate, channels: wav.channels, bits: wav.bits, samples: wav.samples };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ text: ` I heard ${(wav.samples / wav.sampleRate).toFixed(1)} seconds of audio. ` }));
      return;
    }

    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    } catch {
      return sendError(res, 400, "We could not parse the JSON body of your request.");
    }
    entry.body = body;
    const model = body.model;
    if (typeof model !== "string" || !model) return sendError(res, 400, "you must provide a model parameter", "model");
    if (model.startsWith("fail-")) return sendError(res, Number(model.slice(5)));

    if (url.pathname === "/v1/chat/completions") {
      const said = lastUserText(body.messages);
      if (said === null) return sendError(res, 400, "'messages' must contain a user message.", "messages");
      const format = body.response_format as { type?: unknown; json_schema?: { name?: unknown; schema?: unknown } } | undefined;
      if (format !== undefined && format.type === "json_schema" && (typeof format.json_schema?.name !== "string" || typeof format.json_schema.schema !== "object")) {
        return sendError(res, 400, "Missing required parameter: 'response_format.json_schema.name' or 'schema'.", "response_format");
      }
      const structured = format?.type === "json_schema" ? (format.json_schema?.schema as JsonSchema) : null;
      if (structured) jsonRequests.set(key ?? "", (jsonRequests.get(key ?? "") ?? 0) + 1);
      const malformed = structured !== null && (model === "bad-json" || (model === "bad-json-once" && jsonRequests.get(key ?? "") === 1));
      const offered = offeredTools(body.tools);
      if (typeof offered === "string") return sendError(res, 400, offered, "tools");
      const call = structured ? null : toolCallIn(said, offered);
      const text = structured ? (malformed ? '{"facts": [{"kind": "person", "text": ' : JSON.stringify(fromSchema(structured, quotedLine(said)))) : call ? "One moment. " : `You said: ${said}`;
      const id = "chatcmpl-test";
      const created = Math.floor(Date.now() / 1000);
      if (body.stream !== true) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id, object: "chat.completion", created, model, choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }] }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
        `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      const write = (data: string) => {
        if (res.writableEnded || res.destroyed) return false;
        res.write(data);
        entry.chunks++;
        return true;
      };
      write(chunk({ role: "assistant", content: "" }));
      const words = text.match(/\S+\s*/g) ?? [];
      const delay = model === "slow" ? 150 : 0;
      for (const [i, word] of words.entries()) {
        if (delay) await new Promise((r) => setTimeout(r, delay));
        if (!write(chunk({ content: word }))) return;
        if (model === "broken-stream" && i === 1) {
          write(`data: ${JSON.stringify({ error: { message: "The model crashed mid-answer.", type: "server_error", param: null, code: "internal_error" } })}\n\n`);
          res.end();
          return;
        }
      }
      if (call) {
        const third = Math.ceil(call.args.length / 3);
        write(chunk({ tool_calls: [{ index: 0, id: "call_test_1", type: "function", function: { name: call.name, arguments: "" } }] }));
        for (let at = 0; at < call.args.length; at += third) write(chunk({ tool_calls: [{ index: 0, function: { arguments: call.args.slice(at, at + third) } }] }));
      }
      write(chunk({}, call ? "tool_calls" : "stop"));
      write("data: [DONE]\n\n");
      res.end();
      return;
    }

    if (url.pathname === "/v1/audio/speech") {
      const input = body.input;
      if (typeof input !== "string" || !input) return sendError(res, 400, "input is required", "input");
      if (typeof body.voice !== "string" || !body.voice) return sendError(res, 400, "voice is required", "voice");
      const format = model === "mp3-only" ? "mp3" : (body.response_format ?? "mp3");
      if (format === "mp3") {
        res.writeHead(200, { "content-type": "audio/mpeg" });
        res.end(MP3_BYTES);
      } else if (format === "wav") {
        res.writeHead(200, { "content-type": "audio/wav" });
        res.end(wavBytes(speechPcm(input), SPEECH_RATE));
      } else if (format === "pcm") {
        const pcm = speechPcm(input);
        res.writeHead(200, { "content-type": "audio/pcm" });
        res.end(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength));
      } else {
        sendError(res, 400, `Invalid value for 'response_format': ${String(format)}`, "response_format");
      }
      return;
    }
    sendError(res, 404, `Unknown request URL: POST ${url.pathname}.`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    log,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
