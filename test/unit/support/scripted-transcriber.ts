// A streaming speech-to-text double for pipeline tests: the test says what the model hears and when
// (start of turn, eager end, resumed, end of turn, failure) and sees the audio the pipeline streamed.
import type { AiProvider, StreamingTranscriber, StreamingTurnEvent, TranscriberOptions } from "../../../worker/ai/provider";

export class ScriptedTranscriber {
  /** Samples streamed per session. */
  readonly sessions: Array<{ samples: number; closed: boolean }> = [];
  private listener: ((event: StreamingTurnEvent) => void) | null = null;
  private turn = 0;

  /** `provider` with streaming speech-to-text driven by this double. */
  attach(provider: AiProvider): AiProvider {
    const open = (options: TranscriberOptions): StreamingTranscriber => {
      const session = { samples: 0, closed: false };
      this.sessions.push(session);
      this.listener = options.onEvent;
      return {
        push: (samples) => void (session.samples += samples.length),
        close: () => void (session.closed = true),
      };
    };
    return {
      name: provider.name,
      transcribe: (a, s) => provider.transcribe(a, s),
      textEmotions: (t, s) => provider.textEmotions(t, s),
      reply: (r, s) => provider.reply(r, s),
      synthesize: (t, v, s, d) => provider.synthesize(t, v, s, d),
      ...(provider.detectTurnEnd ? { detectTurnEnd: provider.detectTurnEnd.bind(provider) } : {}),
      openTranscriber: open,
    };
  }

  private emit(event: StreamingTurnEvent): void {
    if (!this.listener) throw new Error("no streaming session is open (push audio first)");
    this.listener(event);
  }

  start(atMs = 0): void {
    this.emit({ type: "start_of_turn", turn: this.turn, atMs });
  }
  eager(transcript: string, atMs = 1000): void {
    this.emit({ type: "eager_end_of_turn", turn: this.turn, transcript, atMs });
  }
  resumed(atMs = 1100): void {
    this.emit({ type: "turn_resumed", turn: this.turn, atMs });
  }
  end(transcript: string, atMs = 1200): void {
    this.emit({ type: "end_of_turn", turn: this.turn++, transcript, atMs });
  }
  fail(error: unknown): void {
    this.emit({ type: "failed", error });
  }
}
