// A stand-in for `@cf/deepgram/flux` on the Workers AI binding, speaking Flux's WebSocket protocol:
// `run(model, {encoding: "linear16", sample_rate, eager_eot_threshold, eot_threshold}, {websocket: true})`
// answers a 101 Response carrying a WebSocket. It reads binary linear16 audio and answers, by the audio's
// own clock (as the real model does, audio time, not wall time): `Connected` at once; `TurnInfo` `Update`
// every 240 ms of audio; `StartOfTurn` at the first voiced 20 ms frame; `EagerEndOfTurn` after
// `eagerMs` of silence (only when eager_eot_threshold was given); `TurnResumed` if speech comes back
// after it; `EndOfTurn` after `eotMs` of silence, with the same transcript, then the turn index moves on.
// The words are scripted, one transcript per turn (cycled); Updates reveal them in proportion to the
// speech heard so far. `{"type":"CloseStream"}` ends the session (a closing Update, then close 1000).
// Each run() is a new session (a reconnect is a new socket). Faults, one per session, in order:
// "refuse" (run throws like a 3040), {errorAfter: n} (an Error message after n messages, then close
// 1011), {closeAfter: n} (close 1011 without a word), "silent" (accepts and never answers),
// "newer-kinds" (answers normally, with a message of a kind this code does not read before each one).
// Every other model is answered by `others` (e.g. ChaosAi's binding).
import { bytesToPcm16 } from "../../../protocol/pcm16";
import { FLUX_MODEL } from "../../../worker/ai/workers-ai/flux";

export type FluxFault = "refuse" | "silent" | "newer-kinds" | { errorAfter: number } | { closeAfter: number };

export interface FluxStandInOptions {
  transcripts: string[];
  eagerMs?: number;
  eotMs?: number;
  /** 20 ms frames with an RMS above this are speech. */
  speechRms?: number;
}

const FRAME_MS = 20;
const UPDATE_MS = 240;

export class FluxStandIn {
  readonly sessions: Array<{ inputs: Record<string, unknown>; sent: Array<Record<string, unknown>>; samples: number; closeStream: boolean }> = [];
  private readonly faults: FluxFault[] = [];
  private turnCount = 0;

  constructor(
    private readonly options: FluxStandInOptions,
    private readonly others: Ai,
  ) {}

  fail(...faults: FluxFault[]): this {
    this.faults.push(...faults);
    return this;
  }

  get binding(): Ai {
    const run = (model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown> => {
      if (model !== FLUX_MODEL) return (this.others.run as (m: string, i: unknown, o?: unknown) => Promise<unknown>)(model, inputs, options);
      return this.open(inputs, options);
    };
    return { run } as unknown as Ai;
  }

  private async open(inputs: Record<string, unknown>, options: Record<string, unknown> | undefined): Promise<Response> {
    if (options?.websocket !== true) throw new Error("AiError: 5006: @cf/deepgram/flux only answers over a WebSocket (websocket: true)");
    if (inputs.encoding !== "linear16" || typeof inputs.sample_rate !== "string") throw new Error("AiError: 5006: Error: required properties encoding, sample_rate");
    const fault = this.faults.shift();
    if (fault === "refuse") throw new Error("AiError: 3040: No more data centers to forward the request to");
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    server.accept();
    const session = { inputs, sent: [] as Array<Record<string, unknown>>, samples: 0, closeStream: false };
    this.sessions.push(session);
    const rate = Number(inputs.sample_rate);
    const eager = inputs.eager_eot_threshold !== undefined;
    const eagerMs = this.options.eagerMs ?? 100;
    const eotMs = this.options.eotMs ?? 260;
    const speechRms = this.options.speechRms ?? 400;
    let seq = 0;
    let dead = false;
    const send = (message: Record<string, unknown>) => {
      if (dead || fault === "silent") return;
      if (typeof fault === "object" && "errorAfter" in fault && session.sent.length >= fault.errorAfter) {
        dead = true;
        server.send(JSON.stringify({ type: "Error", sequence_id: seq++, code: "INTERNAL_SERVER_ERROR", description: "The stream could not be processed" }));
        server.close(1011, "internal error");
        return;
      }
      if (typeof fault === "object" && "closeAfter" in fault && session.sent.length >= fault.closeAfter) {
        dead = true;
        server.close(1011, "internal error");
        return;
      }
      if (fault === "newer-kinds") {
        server.send(JSON.stringify({ type: "ConfigureSuccess", sequence_id: seq++ }));
        server.send(JSON.stringify({ type: "TurnInfo", event: "SpeakerChanged", turn_index: 0, audio_window_end: 0, sequence_id: seq++ }));
      }
      const full = { ...message, sequence_id: seq++ };
      session.sent.push(full);
      server.send(JSON.stringify(full));
    };
    const requestId = crypto.randomUUID();
    send({ type: "Connected", request_id: requestId });

    // The model's state, by audio time.
    let carry = new Int16Array(0);
    let audioMs = 0;
    let sinceUpdate = 0;
    let turn: { index: number; startMs: number; speechMs: number; silenceMs: number; eagerSent: boolean; words: string[] } | null = null;
    const frameSamples = (rate * FRAME_MS) / 1000;
    const info = (event: string, transcript: string, extra: Record<string, unknown> = {}) =>
      send({
        type: "TurnInfo",
        request_id: requestId,
        event,
        turn_index: turn?.index ?? this.turnCount,
        audio_window_start: (turn?.startMs ?? audioMs) / 1000,
        audio_window_end: audioMs / 1000,
        transcript,
        words: transcript ? transcript.split(/\s+/).map((word) => ({ word, confidence: 0.97 })) : [],
        end_of_turn_confidence: 0.1,
        ...extra,
      });
    const heard = () => {
      if (!turn) return "";
      const share = Math.min(1, turn.speechMs / Math.max(1, turn.words.length * 250));
      return turn.words.slice(0, Math.ceil(turn.words.length * share)).join(" ");
    };
    const frame = (samples: Int16Array) => {
      let sum = 0;
      for (const s of samples) sum += s * s;
      const voiced = Math.sqrt(sum / samples.length) > speechRms;
      audioMs += FRAME_MS;
      sinceUpdate += FRAME_MS;
      if (voiced) {
        if (!turn) {
          const words = (this.options.transcripts[this.turnCount % this.options.transcripts.length] ?? "").split(/\s+/).filter(Boolean);
          turn = { index: this.turnCount, startMs: audioMs - FRAME_MS, speechMs: 0, silenceMs: 0, eagerSent: false, words };
          info("StartOfTurn", "");
        } else if (turn.eagerSent) {
          turn.eagerSent = false;
          info("TurnResumed", heard());
        }
        turn.speechMs += FRAME_MS + turn.silenceMs;
        turn.silenceMs = 0;
      } else if (turn) {
        turn.silenceMs += FRAME_MS;
        const all = turn.words.join(" ");
        if (eager && !turn.eagerSent && turn.silenceMs >= eagerMs && turn.silenceMs < eotMs) {
          turn.eagerSent = true;
          info("EagerEndOfTurn", all, { end_of_turn_confidence: 0.55 });
          sinceUpdate = 0;
        }
        if (turn.silenceMs >= eotMs) {
          info("EndOfTurn", all, { end_of_turn_confidence: 0.9 });
          this.turnCount++;
          turn = null;
          sinceUpdate = 0;
        }
      }
      if (sinceUpdate >= UPDATE_MS) {
        sinceUpdate = 0;
        info("Update", heard());
      }
    };
    const audio = (bytes: Uint8Array) => {
      const incoming = bytesToPcm16(bytes.subarray(0, bytes.length - (bytes.length % 2)));
      session.samples += incoming.length;
      const all = new Int16Array(carry.length + incoming.length);
      all.set(carry);
      all.set(incoming, carry.length);
      let at = 0;
      for (; at + frameSamples <= all.length; at += frameSamples) frame(all.subarray(at, at + frameSamples));
      carry = all.slice(at);
    };
    // Binary messages may arrive as Blobs (the socket's default binaryType): read them in order.
    let order: Promise<void> = Promise.resolve();
    server.addEventListener("message", (event) => {
      const data: unknown = event.data;
      order = order.then(async () => {
        if (dead) return;
        if (typeof data === "string") {
          const message = JSON.parse(data) as { type?: string };
          if (message.type === "CloseStream") {
            session.closeStream = true;
            info("Update", heard());
            dead = true;
            server.close(1000, "stream closed");
          }
          return;
        }
        if (data instanceof Blob) audio(new Uint8Array(await data.arrayBuffer()));
        else if (data instanceof ArrayBuffer) audio(new Uint8Array(data));
      });
    });
    server.addEventListener("close", () => {
      dead = true;
    });
    return new Response(null, { status: 101, webSocket: client });
  }
}
