// The provider's incremental speech-to-text, fed while the caller speaks (AiProvider.startTranscription):
// opened once the turn detector confirms speech, given each new frame of the turn, and handed over when
// the turn ends, so hearing.ts only finishes it. Providers without it transcribe the turn when it ends.
import type { AiProvider, TranscriptionStream } from "../../ai/provider";

export class TurnListener {
  /** The transcription of the turn in progress and how much of it was fed. */
  private listening: { stream: TranscriptionStream; frames: number; samples: number } | null = null;

  constructor(private readonly provider: AiProvider) {}

  /** Feeds the turn's new frames (the detector's turnFrames: empty when no turn is in progress). */
  feed(frames: readonly Int16Array[]): void {
    if (frames.length === 0) {
      // No turn in progress and none ended with this audio: the speech was dropped (a steady sound).
      this.cancel();
      return;
    }
    if (!this.listening) {
      const stream = this.provider.startTranscription?.();
      if (!stream) return;
      this.listening = { stream, frames: 0, samples: 0 };
    }
    const listening = this.listening;
    for (; listening.frames < frames.length; listening.frames++) {
      const frame = frames[listening.frames] as Int16Array;
      listening.stream.push(frame);
      listening.samples += frame.length;
    }
  }

  /** The transcription of the turn that just ended, given the rest of the turn's audio. */
  take(audio: Int16Array): TranscriptionStream | undefined {
    const listening = this.listening;
    this.listening = null;
    if (!listening) return undefined;
    if (listening.samples < audio.length) listening.stream.push(audio.subarray(listening.samples));
    return listening.stream;
  }

  /** The turn in progress is dropped: its stream frees what it holds. */
  cancel(): void {
    this.listening?.stream.cancel();
    this.listening = null;
  }
}
