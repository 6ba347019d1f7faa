// Gapless playback of the assistant's voice: 16 kHz PCM16 chunks scheduled back to back on one
// AudioContext through a GainNode (the volume slider). stop() silences everything at once (barge-in);
// secondsLeft says how long what is queued still plays (a call ended by the server lets it finish).
import { pcm16ToFloat } from "./pcm";
import { volumeToGain } from "./volume";

/** Seconds of headroom before the first chunk of a burst, so it is not clipped. */
export const PLAYBACK_LEAD_SECONDS = 0.05;

/**
 * When the next chunk should start: right where the queue ends, or (if the queue has run dry)
 * a short lead after now.
 */
export function nextChunkStart(queueEnd: number, now: number, lead = PLAYBACK_LEAD_SECONDS): number {
  return Math.max(queueEnd, now + lead);
}

/** The longest the speaker goes on after a call ended on the server's side (its last words). */
export const DRAIN_MAX_MS = 5000;
/** Played past the end of the queue before closing, so the last chunk's end is not clipped. */
const DRAIN_MARGIN_MS = 150;

/** How long to let `secondsLeft` of queued speech play before closing the audio: 0 when nothing is left, at most `maxMs`. */
export function drainDelayMs(secondsLeft: number, maxMs = DRAIN_MAX_MS): number {
  if (!(secondsLeft > 0)) return 0;
  return Math.min(Math.ceil(secondsLeft * 1000) + DRAIN_MARGIN_MS, maxMs);
}

export interface PlaybackStats {
  /** Chunks handed to the audio graph. */
  scheduled: number;
  /** Chunks that played to their end (not stopped). */
  played: number;
  /** Seconds of audio that played to the end. */
  playedSeconds: number;
}

export class PlaybackQueue {
  readonly output: GainNode;
  /** Taps the output for the visualizer. */
  readonly analyser: AnalyserNode;
  private queueEnd = 0;
  private readonly sources = new Set<AudioBufferSourceNode>();
  private stats: PlaybackStats = { scheduled: 0, played: 0, playedSeconds: 0 };

  constructor(
    private readonly ctx: AudioContext,
    volume: number,
    private readonly onStats: (stats: PlaybackStats) => void = () => {},
  ) {
    this.output = ctx.createGain();
    this.output.gain.value = volumeToGain(volume);
    this.analyser = ctx.createAnalyser();
    this.analyser.fftSize = 512;
    this.output.connect(this.analyser);
    this.analyser.connect(ctx.destination);
  }

  /** Queues one chunk right after the previous one. */
  enqueue(pcm: Int16Array, sampleRate: number): void {
    if (pcm.length === 0) return;
    const buffer = this.ctx.createBuffer(1, pcm.length, sampleRate);
    buffer.getChannelData(0).set(pcm16ToFloat(pcm));
    const source = this.ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(this.output);
    const start = nextChunkStart(this.queueEnd, this.ctx.currentTime);
    source.start(start);
    this.queueEnd = start + buffer.duration;
    this.sources.add(source);
    source.onended = () => {
      // A stopped source also fires "ended"; only count those still queued (not stopped early).
      if (!this.sources.delete(source)) return;
      this.update({ played: this.stats.played + 1, playedSeconds: this.stats.playedSeconds + buffer.duration });
    };
    this.update({ scheduled: this.stats.scheduled + 1 });
  }

  /** Volume 0–100, applied live. */
  setVolume(volume: number): void {
    this.output.gain.setValueAtTime(volumeToGain(volume), this.ctx.currentTime);
  }

  /** True while queued audio remains. */
  get playing(): boolean {
    return this.sources.size > 0;
  }

  /** Seconds until what is queued has played (0 when nothing is). */
  get secondsLeft(): number {
    return this.playing ? Math.max(0, this.queueEnd - this.ctx.currentTime) : 0;
  }

  /** Stops and drops everything queued, now. */
  stop(): void {
    const sources = [...this.sources];
    this.sources.clear();
    for (const s of sources) {
      try {
        s.stop();
      } catch {
        // never started or already stopped
      }
      s.disconnect();
    }
    this.queueEnd = 0;
  }

  close(): void {
    this.stop();
    this.analyser.disconnect();
    this.output.disconnect();
  }

  private update(patch: Partial<PlaybackStats>): void {
    this.stats = { ...this.stats, ...patch };
    this.onStats(this.stats);
  }
}
