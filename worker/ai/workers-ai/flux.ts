// Streaming speech-to-text on Workers AI: `@cf/deepgram/flux` over a WebSocket, with Flux's own
// turn-taking. `env.AI.run(model, {encoding: "linear16", sample_rate, eager_eot_threshold, eot_threshold},
// {websocket: true})` answers a Response carrying the socket (workers-types: Ai.run's WebSocket
// overload, Ai_Cf_Deepgram_Flux_Input/Output). We send the caller's 16 kHz PCM as binary frames and
// read Deepgram's Flux (v2/listen) messages: Connected, TurnInfo (Update, StartOfTurn, EagerEndOfTurn,
// TurnResumed, EndOfTurn), Error. `{"type":"CloseStream"}` ends the session.
//
// The session fails (one `failed` event, as an AiStepError with stage "transcribe") when the socket
// can't be opened within connectMs, Flux sends an Error, the socket closes or errors before we closed
// it, a message is not valid, or no message arrives for silenceMs while audio flows (Flux reports
// every ~240 ms of audio). The pipeline then falls back to Whisper + VAD for the rest of the call.
import { z } from "zod";
import { pcm16ToBytes } from "../../../protocol/pcm16";
import { AiStepError } from "../errors";
import type { StreamingTranscriber, StreamingTurnEvent, TranscriberOptions } from "../provider";
import { bindingStepError } from "./binding-errors";

export const FLUX_MODEL = "@cf/deepgram/flux";

export interface FluxOptions {
  /** Confidence for EagerEndOfTurn (0.3–0.9; enables EagerEndOfTurn / TurnResumed). */
  eagerEotThreshold: number;
  /** Confidence for EndOfTurn (0.5–0.9). */
  eotThreshold: number;
  /** The socket must be open within this long. */
  connectMs: number;
  /** While audio flows, Flux must say something at least this often. */
  silenceMs: number;
}

export const DEFAULT_FLUX_OPTIONS: FluxOptions = { eagerEotThreshold: 0.5, eotThreshold: 0.7, connectMs: 3000, silenceMs: 3000 };

const TURN_EVENTS = ["Update", "StartOfTurn", "EagerEndOfTurn", "TurnResumed", "EndOfTurn"] as const;
const turnInfo = z.object({
  type: z.literal("TurnInfo"),
  event: z.enum(TURN_EVENTS),
  turn_index: z.number().int().nonnegative(),
  audio_window_start: z.number().optional(),
  audio_window_end: z.number(),
  transcript: z.string().default(""),
  words: z.array(z.object({ word: z.string(), confidence: z.number() })).optional(),
  end_of_turn_confidence: z.number().optional(),
});
const fluxMessage = z.discriminatedUnion("type", [
  turnInfo,
  z.object({ type: z.literal("Connected"), request_id: z.string().optional(), sequence_id: z.number().optional() }),
  z.object({ type: z.literal("Error"), code: z.string().optional(), description: z.string().optional(), sequence_id: z.number().optional() }),
]);

export type FluxMessage = z.infer<typeof fluxMessage>;

/** Any Flux message: its type, and a TurnInfo's event (to tell the kinds we read from newer ones). */
const fluxEnvelope = z.object({ type: z.string(), event: z.unknown().optional() });
const KNOWN_TYPES: ReadonlySet<string> = new Set(["TurnInfo", "Connected", "Error"]);

/** A message of a kind this code does not read (a newer type or turn event): skipped, not a failure. */
function isUnknownKind(message: z.infer<typeof fluxEnvelope>): boolean {
  if (!KNOWN_TYPES.has(message.type)) return true;
  return message.type === "TurnInfo" && !(TURN_EVENTS as readonly unknown[]).includes(message.event);
}

function stepError(message: string, transient: boolean, extra: { code?: string; cause?: unknown } = {}): AiStepError {
  return new AiStepError(`Streaming speech-to-text (${FLUX_MODEL}) failed: ${message}`, { stage: "transcribe", model: FLUX_MODEL, transient, ...extra });
}

/** Flux's TurnInfo → the pipeline's streaming turn event. */
export function turnEvent(message: z.infer<typeof turnInfo>): StreamingTurnEvent {
  const turn = message.turn_index;
  const atMs = Math.round(message.audio_window_end * 1000);
  const transcript = message.transcript.trim();
  switch (message.event) {
    case "StartOfTurn":
      return { type: "start_of_turn", turn, atMs };
    case "Update":
      return { type: "update", turn, transcript, atMs };
    case "EagerEndOfTurn":
      return { type: "eager_end_of_turn", turn, transcript, atMs };
    case "TurnResumed":
      return { type: "turn_resumed", turn, atMs };
    case "EndOfTurn":
      return { type: "end_of_turn", turn, transcript, atMs };
  }
}

export class FluxTranscriber implements StreamingTranscriber {
  private socket: WebSocket | null = null;
  private pending: Uint8Array[] = [];
  private over = false;
  /** A message of an unknown kind was skipped (logged once). */
  private skippedUnknown = false;
  private watchdog: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly ai: Ai,
    private readonly options: TranscriberOptions,
    private readonly flux: FluxOptions = DEFAULT_FLUX_OPTIONS,
  ) {
    options.signal.addEventListener("abort", () => this.close(), { once: true });
    void this.connect();
  }

  push(samples: Int16Array): void {
    if (this.over || samples.length === 0) return;
    const bytes = pcm16ToBytes(samples);
    if (!this.socket) {
      this.pending.push(bytes);
      return;
    }
    this.send(bytes);
  }

  close(): void {
    if (this.over) return;
    this.over = true;
    this.stopWatchdog();
    const socket = this.socket;
    if (!socket) return;
    try {
      socket.send(JSON.stringify({ type: "CloseStream" }));
      socket.close(1000, "call ended");
    } catch {
      // already closed by the other side: nothing left to end
    }
  }

  private async connect(): Promise<void> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), this.flux.connectMs);
    let response: Response;
    try {
      const inputs: Ai_Cf_Deepgram_Flux_Input = {
        encoding: "linear16",
        sample_rate: String(this.options.sampleRate),
        eager_eot_threshold: String(this.flux.eagerEotThreshold),
        eot_threshold: String(this.flux.eotThreshold),
      };
      const run = this.ai.run(FLUX_MODEL, inputs, { websocket: true, signal: timeout.signal });
      const expired = new Promise<never>((_, reject) => timeout.signal.addEventListener("abort", () => reject(stepError(`no connection within ${this.flux.connectMs} ms`, true, { code: "timeout" }))));
      response = await Promise.race([run, expired]);
    } catch (err) {
      return this.fail(err instanceof AiStepError ? err : bindingStepError("transcribe", "Streaming speech-to-text", FLUX_MODEL, err));
    } finally {
      clearTimeout(timer);
    }
    const socket = response.webSocket;
    if (!socket) return this.fail(stepError(`the model answered HTTP ${response.status} without a WebSocket`, response.status >= 500, { code: String(response.status) }));
    if (this.over) {
      socket.accept();
      socket.close(1000, "call ended");
      return;
    }
    socket.accept();
    socket.addEventListener("message", (event) => this.onMessage(event.data));
    socket.addEventListener("close", (event) => this.fail(stepError(`the socket closed (${event.code}${event.reason ? ` ${event.reason}` : ""})`, true, { code: `close_${event.code}` })));
    socket.addEventListener("error", (event) => this.fail(stepError("the socket failed", true, { cause: event })));
    this.socket = socket;
    const pending = this.pending;
    this.pending = [];
    for (const bytes of pending) this.send(bytes);
  }

  private send(bytes: Uint8Array): void {
    try {
      this.socket?.send(bytes);
    } catch (err) {
      return this.fail(stepError("sending audio failed", true, { cause: err }));
    }
    this.watchdog ??= setTimeout(() => this.fail(stepError(`no message for ${this.flux.silenceMs} ms while audio was flowing`, true, { code: "timeout" })), this.flux.silenceMs);
  }

  private onMessage(data: unknown): void {
    if (this.over) return;
    this.stopWatchdog();
    let parsed: FluxMessage;
    try {
      if (typeof data !== "string") throw new Error("a binary message");
      const raw: unknown = JSON.parse(data);
      const kind = fluxEnvelope.parse(raw);
      if (isUnknownKind(kind)) {
        // Forward-compatible, as Deepgram's own clients are: a kind added later (e.g. ConfigureSuccess)
        // does not end streaming for the call. Said once per session.
        if (!this.skippedUnknown) console.warn(`flux: skipped a message of a kind this code does not read (${kind.type}${kind.event ? ` ${String(kind.event)}` : ""})`);
        this.skippedUnknown = true;
        return;
      }
      parsed = fluxMessage.parse(raw);
    } catch (err) {
      return this.fail(stepError("an unreadable message", false, { code: "bad_message", cause: err }));
    }
    if (parsed.type === "Error") return this.fail(stepError(`Flux reported an error${parsed.code ? ` (${parsed.code})` : ""}: ${parsed.description ?? "no description"}`, true, parsed.code ? { code: parsed.code } : {}));
    if (parsed.type === "Connected") return;
    this.options.onEvent(turnEvent(parsed));
  }

  private stopWatchdog(): void {
    if (this.watchdog !== null) clearTimeout(this.watchdog);
    this.watchdog = null;
  }

  /** The session is over for good: one `failed` event, the socket closed. */
  private fail(error: AiStepError): void {
    if (this.over) return;
    this.over = true;
    this.stopWatchdog();
    this.pending = [];
    try {
      this.socket?.close(1011, "giving up on the stream");
    } catch {
      // already closed
    }
    this.options.onEvent({ type: "failed", error });
  }
}
