// The browser test-call transport: the spec's JSON messages over the /ws/call socket.
import { AUDIO_SAMPLE_RATE, type ServerMessage } from "../../../protocol/call";
import { pcm16ToBase64 } from "../../../protocol/pcm16";
import type { CallTransport, EndReason } from "../transport";

/**
 * Samples per audio_response frame: base64 of PCM16 is 8/3 characters per sample, so 32768 samples
 * (~2 s at 16 kHz) make ~87 KB frames, well under MAX_FRAME_BYTES (protocol/call.ts) with the JSON around them.
 */
export const AUDIO_FRAME_SAMPLES = 32768;

/** Sends a message; a closed or failing socket is ignored (the close handler deals with it). */
export function sendJson(ws: WebSocket, message: unknown): boolean {
  try {
    ws.send(JSON.stringify(message));
    return true;
  } catch {
    return false;
  }
}

export class BrowserTransport implements CallTransport {
  readonly kind = "browser" as const;

  constructor(private readonly ws: WebSocket) {}

  send(message: ServerMessage): void {
    sendJson(this.ws, message);
  }

  sendAudio(pcm: Int16Array, sampleRate: number, entryId: string): void {
    const rate = sampleRate || AUDIO_SAMPLE_RATE;
    for (let i = 0; i < pcm.length; i += AUDIO_FRAME_SAMPLES) {
      const data = pcm16ToBase64(pcm.subarray(i, i + AUDIO_FRAME_SAMPLES));
      this.send({ type: "audio_response", data, sampleRate: rate, entryId });
    }
  }

  stopPlayback(entryId: string): void {
    this.send({ type: "interrupt", entryId });
  }

  end(reason: EndReason, callId: string): void {
    this.send({ type: "call_ended", callId, reason });
    try {
      this.ws.close(1000, "call ended");
    } catch {
      // already closed
    }
  }
}
