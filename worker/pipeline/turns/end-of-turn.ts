// End-of-turn detection over the VAD: speech onset (confirmed after `minSpeechMs` of speech containing
// `minVoicedMs` of voiced frames, so clicks and unvoiced bursts never open a turn) and turn end after
// `silenceMs` (plus `extraSilenceMs`, the caller's patience, patience.ts) without speech; a "turn" whose level never moved (a hum or tone) is dropped. Collects the turn's audio with a short pre-roll. Pure and streaming; times
// are stream milliseconds (audio received so far), not wall-clock time.
import { concatPcm } from "../../audio/pcm";
import { FrameTrack } from "./frame-track";
import { VoiceActivityDetector, type VadFrame, type VadOptions } from "./vad";

export interface TurnOptions {
  /** Silence after speech that ends the turn (default 250 ms; keep ≤ 300 ms). */
  silenceMs: number;
  /** Speech shorter than this never becomes a turn. */
  minSpeechMs: number;
  /** Voiced speech a turn must contain. */
  minVoicedMs: number;
  /** Audio kept from before the onset. */
  preRollMs: number;
  /** Trailing silence kept after the last speech frame. */
  tailMs: number;
  /** A turn is cut here even without a pause. */
  maxTurnMs: number;
}

export const DEFAULT_TURN_OPTIONS: TurnOptions = {
  silenceMs: 250,
  minSpeechMs: 120,
  minVoicedMs: 80,
  preRollMs: 200,
  tailMs: 100,
  maxTurnMs: 30_000,
};

export type TurnEvent =
  /** Speech confirmed; `startMs` is where it began. */
  | { type: "speech_start"; startMs: number; atMs: number }
  /** The speech confirmed last was a steady hum or tone after all: no turn comes of it. */
  | { type: "speech_dropped"; atMs: number }
  /** The caller stopped for `silenceMs` (or hit `maxTurnMs`: forced). */
  | {
      type: "turn_end";
      audio: Int16Array;
      /** The VAD's analysis of each 20 ms frame of `audio` (level and pitch) — reused for prosody. */
      frames: FrameTrack;
      sampleRate: number;
      startMs: number;
      /** End of the last speech frame. */
      lastSpeechMs: number;
      /** Stream time the end was detected. */
      atMs: number;
      speechMs: number;
      forced: boolean;
      /** Extra silence this turn's end waited for (extraSilenceMs when it ended). */
      extraSilenceMs: number;
    };

type State = "idle" | "candidate" | "speaking";

/** push()'s answer when nothing happened (never written to). */
const NO_EVENTS: TurnEvent[] = [];

const CANDIDATE_GAP_MS = 100;
const STEADY_TURN_RANGE_DB = 4;

export class TurnDetector {
  readonly options: TurnOptions;
  readonly vad: VoiceActivityDetector;
  private state: State = "idle";
  /** The last frames before speech (a ring of `preRollCapacity`), to open a turn with. */
  private readonly preRollCapacity: number;
  private readonly preRollSamples: Int16Array[] = [];
  private readonly preRollAnalysis: VadFrame[] = [];
  private preRollNext = 0;
  private preRollCount = 0;
  /** What the current push() returns: NO_EVENTS until a frame has something to say. */
  private events: TurnEvent[] = NO_EVENTS;
  private readonly onVadFrame = (frame: VadFrame, samples: Int16Array): void => this.step(frame, samples);
  private frames: Int16Array[] = [];
  /** The turn's frame analysis (one track reused turn after turn; a turn_end takes a copy). */
  private readonly analysis = new FrameTrack();
  /** The level range of the turn's speech frames after the first (see wasSteady). */
  private laterSpeechMinDb = Infinity;
  private laterSpeechMaxDb = -Infinity;
  private startMs = 0;
  private lastSpeechEndMs = 0;
  private framesAtLastSpeech = 0;
  private speechFramesMs = 0;
  private voicedMs = 0;
  private silenceRunMs = 0;
  private streamMs = 0;
  /** Silence added to `silenceMs` before a turn ends (a sad or hesitant caller is given longer; bounded by the caller). */
  extraSilenceMs = 0;

  constructor(options: Partial<TurnOptions> = {}, vadOptions: Partial<VadOptions> = {}) {
    this.options = { ...DEFAULT_TURN_OPTIONS, ...options };
    this.vad = new VoiceActivityDetector(vadOptions);
    this.preRollCapacity = Math.ceil(this.options.preRollMs / this.vad.options.frameMs);
  }

  /** True once speech is confirmed and until the turn ends. */
  get speaking(): boolean {
    return this.state === "speaking";
  }

  /** How long the current confirmed speech has lasted (0 when not speaking). */
  get speechSoFarMs(): number {
    return this.state === "speaking" ? this.streamMs - this.startMs : 0;
  }

  /** True once the confirmed speech's level has moved like speech does (a hum or tone never does). */
  get modulated(): boolean {
    return this.state === "speaking" && !this.wasSteady();
  }

  /** The current turn's audio so far (pre-roll included), frame by frame, once speech is confirmed. */
  get turnFrames(): readonly Int16Array[] {
    return this.state === "speaking" ? this.frames : [];
  }

  /** Audio received so far, ms. */
  get nowMs(): number {
    return this.streamMs;
  }

  /** Feeds audio; returns what it brought about (usually nothing: the same empty array every time). */
  push(samples: Int16Array): readonly TurnEvent[] {
    try {
      this.vad.push(samples, this.onVadFrame);
      return this.events;
    } finally {
      this.events = NO_EVENTS;
    }
  }

  private emit(event: TurnEvent): void {
    if (this.events === NO_EVENTS) this.events = [];
    this.events.push(event);
  }

  private step(frame: VadFrame, frameSamples: Int16Array): void {
    const frameMs = this.vad.options.frameMs;
    this.streamMs = frame.startMs + frameMs;
    if (this.state === "idle") {
      if (frame.speech) {
        this.state = "candidate";
        this.openWithPreRoll(frameSamples, frame);
        this.startMs = frame.startMs;
        this.speechFramesMs = frameMs;
        this.voicedMs = frame.voiced ? frameMs : 0;
        this.silenceRunMs = 0;
        this.markSpeech(frame.startMs + frameMs);
      } else {
        this.keepPreRoll(frameSamples, frame);
      }
      return;
    }
    this.frames.push(frameSamples);
    this.analysis.push(frame.levelDb, frame.pitchHz);
    if (frame.speech) {
      this.countSpeechLevel(frame.bandDb);
      this.speechFramesMs += frameMs;
      if (frame.voiced) this.voicedMs += frameMs;
      this.silenceRunMs = 0;
      this.markSpeech(frame.startMs + frameMs);
    } else {
      this.silenceRunMs += frameMs;
    }
    if (this.state === "candidate") {
      if (this.speechFramesMs >= this.options.minSpeechMs && this.voicedMs >= this.options.minVoicedMs) {
        this.state = "speaking";
        this.emit({ type: "speech_start", startMs: this.startMs, atMs: this.streamMs });
      } else if (this.silenceRunMs >= Math.min(this.options.silenceMs, CANDIDATE_GAP_MS)) {
        // Onsets are continuous: scattered noisy frames never add up to a turn.
        this.discard();
      }
      return;
    }
    const forced = this.streamMs - this.startMs >= this.options.maxTurnMs;
    if (this.silenceRunMs >= this.options.silenceMs + this.extraSilenceMs || forced) {
      if (this.wasSteady()) {
        this.discard(); // a hum or tone that started, not speech
        this.emit({ type: "speech_dropped", atMs: this.streamMs });
      } else this.emit(this.finish(forced));
    }
  }

  /** A frame before any speech: kept in the pre-roll ring, the oldest dropped. */
  private keepPreRoll(samples: Int16Array, frame: VadFrame): void {
    if (this.preRollCapacity === 0) return;
    this.preRollSamples[this.preRollNext] = samples;
    this.preRollAnalysis[this.preRollNext] = frame;
    this.preRollNext = (this.preRollNext + 1) % this.preRollCapacity;
    if (this.preRollCount < this.preRollCapacity) this.preRollCount++;
  }

  /** A turn opens: the pre-roll, oldest first, then the first speech frame. */
  private openWithPreRoll(samples: Int16Array, frame: VadFrame): void {
    const cap = this.preRollCapacity;
    const first = (this.preRollNext - this.preRollCount + cap) % (cap || 1);
    this.frames = [];
    this.analysis.clear();
    for (let i = 0; i < this.preRollCount; i++) {
      const at = (first + i) % cap;
      this.frames.push(this.preRollSamples[at]!);
      const before = this.preRollAnalysis[at]!;
      this.analysis.push(before.levelDb, before.pitchHz);
    }
    this.frames.push(samples);
    this.analysis.push(frame.levelDb, frame.pitchHz);
    this.preRollCount = 0;
  }

  /** Drops any turn in progress. */
  reset(): void {
    this.discard();
  }

  /** Ends the stream: confirmed speech in progress becomes a forced turn_end; anything else is dropped. */
  flush(): Extract<TurnEvent, { type: "turn_end" }> | null {
    if (this.state !== "speaking") {
      this.discard();
      return null;
    }
    return this.finish(true);
  }

  /**
   * Speech rises and falls by syllable; a "turn" whose level never moved was a steady sound: the level
   * range of its speech frames after the first stays within STEADY_TURN_RANGE_DB. Kept up to date frame
   * by frame (barge-in asks on every frame while the caller talks).
   */
  private wasSteady(): boolean {
    if (this.speechFramesMs < 3 * this.vad.options.frameMs) return false; // fewer than 3 speech frames
    return this.laterSpeechMaxDb - this.laterSpeechMinDb <= STEADY_TURN_RANGE_DB;
  }

  private countSpeechLevel(bandDb: number): void {
    if (bandDb < this.laterSpeechMinDb) this.laterSpeechMinDb = bandDb;
    if (bandDb > this.laterSpeechMaxDb) this.laterSpeechMaxDb = bandDb;
  }

  private markSpeech(endMs: number): void {
    this.lastSpeechEndMs = endMs;
    this.framesAtLastSpeech = this.frames.length;
  }

  private finish(forced: boolean): Extract<TurnEvent, { type: "turn_end" }> {
    const frameMs = this.vad.options.frameMs;
    const tailFrames = Math.ceil(this.options.tailMs / frameMs);
    const keep = Math.min(this.frames.length, this.framesAtLastSpeech + tailFrames);
    const audio = concatPcm(this.frames.slice(0, keep));
    const event: Extract<TurnEvent, { type: "turn_end" }> = {
      type: "turn_end",
      audio,
      frames: this.analysis.slice(keep),
      sampleRate: this.vad.options.sampleRate,
      startMs: this.startMs,
      lastSpeechMs: this.lastSpeechEndMs,
      atMs: this.streamMs,
      speechMs: this.lastSpeechEndMs - this.startMs,
      forced,
      extraSilenceMs: this.extraSilenceMs,
    };
    this.discard();
    return event;
  }

  private discard(): void {
    this.state = "idle";
    this.preRollCount = 0;
    this.frames = [];
    this.analysis.clear();
    this.laterSpeechMinDb = Infinity;
    this.laterSpeechMaxDb = -Infinity;
    this.speechFramesMs = 0;
    this.voicedMs = 0;
    this.silenceRunMs = 0;
  }
}

export type TurnEnd = Extract<TurnEvent, { type: "turn_end" }>;

/** One turn from two the turn model said belong together (the caller paused mid-sentence). */
export function mergeTurnEnds(a: TurnEnd, b: TurnEnd): TurnEnd {
  const gap = new Int16Array(Math.max(0, Math.round(((b.startMs - a.atMs) * a.sampleRate) / 1000)));
  const audio = new Int16Array(a.audio.length + gap.length + b.audio.length);
  audio.set(a.audio, 0);
  audio.set(b.audio, a.audio.length + gap.length);
  return { ...b, audio, frames: FrameTrack.concat(a.frames, b.frames), startMs: a.startMs, speechMs: b.lastSpeechMs - a.startMs };
}
