// Voice activity detection, frame by frame (20 ms at 16 kHz by default). A frame is speech when its level
// (measured after pre-emphasis, so rumble and hum don't count) is a margin above an adaptive noise floor (minimum statistics over the last ~1.5 s, so steady noise
// is learned within that window) and above an absolute minimum. Voicing (periodicity) is reported per
// frame so the turn detector can reject unvoiced bursts (clicks, rustle, noise swells). Pure and streaming.
import { levelDb } from "../../audio/level";
import { emphasizedLevelDb, voicing } from "./acoustic-features";
import { RollingWindow } from "./rolling-window";

export interface VadOptions {
  sampleRate: number;
  frameMs: number;
  /** A speech frame is at least this far above the noise floor. */
  marginDb: number;
  /** …and above this absolute level. */
  minLevelDb: number;
  /** Minimum-statistics window for the noise floor. */
  noiseWindowMs: number;
  /** Periodicity above which a frame counts as voiced. */
  voicingThreshold: number;
  /** A signal whose level stays within `steadyRangeDb` for `steadyMs` is steady noise (hum, tone, fan). */
  steadyMs: number;
  steadyRangeDb: number;
}

export const DEFAULT_VAD_OPTIONS: VadOptions = {
  sampleRate: 16000,
  frameMs: 20,
  marginDb: 9,
  minLevelDb: -52,
  noiseWindowMs: 1500,
  voicingThreshold: 0.5,
  steadyMs: 400,
  steadyRangeDb: 3,
};

export interface VadFrame {
  /** Stream time of the frame's start, ms. */
  startMs: number;
  speech: boolean;
  voiced: boolean;
  /** Level of the frame, dBFS. */
  levelDb: number;
  /** Level after pre-emphasis, dBFS: what the speech decision compares with the noise floor. */
  bandDb: number;
  /** Noise floor (of bandDb), dBFS. */
  noiseDb: number;
  pitchHz: number | null;
}

/** Receives each frame the detector completes, with its samples. */
export type VadFrameHandler = (frame: VadFrame, samples: Int16Array) => void;

export class VoiceActivityDetector {
  readonly options: VadOptions;
  readonly frameSize: number;
  private pending: Int16Array;
  private pendingLength = 0;
  private previous: Int16Array;
  /** The previous frame and this one, for the voicing analysis (reused). */
  private readonly window: Int16Array;
  /** Band levels over the noise window, and over the last `steadyMs` (steady-sound tracking). */
  private readonly levels: RollingWindow;
  private readonly recent: RollingWindow;
  /** Level of a steady sound that started after the floor was learnt (-100: none). */
  private steadyFloor = -100;
  private frameIndex = 0;

  constructor(options: Partial<VadOptions> = {}) {
    this.options = { ...DEFAULT_VAD_OPTIONS, ...options };
    this.frameSize = Math.round((this.options.sampleRate * this.options.frameMs) / 1000);
    this.pending = new Int16Array(this.frameSize);
    this.previous = new Int16Array(this.frameSize);
    this.window = new Int16Array(this.frameSize * 2);
    this.levels = new RollingWindow(Math.max(1, Math.round(this.options.noiseWindowMs / this.options.frameMs)));
    this.recent = new RollingWindow(Math.max(2, Math.round(this.options.steadyMs / this.options.frameMs)));
  }

  /**
   * Current noise floor in dBFS (-100 before any audio): the minimum over the noise window, raised to
   * the level of a steady sound (hum, tone) as soon as one has lasted `steadyMs`, until it stops.
   */
  get noiseDb(): number {
    const minimum = this.levels.length ? this.levels.min() : -100;
    return Math.max(minimum, this.steadyFloor);
  }

  /**
   * Feeds any number of samples; calls `onFrame` with each completed frame's VadFrame and samples, in
   * order (no array or wrapper per frame: a phone call pushes 50 frames a second). A whole frame that
   * starts on a frame boundary is handed on as a view of `samples` (no copy), so callers hand over
   * arrays they do not write to again.
   */
  push(samples: Int16Array, onFrame: VadFrameHandler): void {
    let at = 0;
    while (at < samples.length) {
      if (this.pendingLength === 0 && samples.length - at >= this.frameSize) {
        const frameSamples = at === 0 && samples.length === this.frameSize ? samples : samples.subarray(at, at + this.frameSize);
        at += this.frameSize;
        onFrame(this.classify(frameSamples), frameSamples);
        continue;
      }
      const take = Math.min(this.frameSize - this.pendingLength, samples.length - at);
      this.pending.set(samples.subarray(at, at + take), this.pendingLength);
      this.pendingLength += take;
      at += take;
      if (this.pendingLength === this.frameSize) {
        const frameSamples = this.pending.slice();
        this.pendingLength = 0;
        onFrame(this.classify(frameSamples), frameSamples);
      }
    }
  }

  private classify(frame: Int16Array): VadFrame {
    const o = this.options;
    const level = emphasizedLevelDb(frame, this.previous[this.previous.length - 1] ?? 0);
    const raw = levelDb(frame);
    this.levels.push(level);
    this.trackSteady(level);
    const noise = this.noiseDb;
    const speech = level >= o.minLevelDb && level >= noise + o.marginDb;
    let voiced = false;
    let pitchHz: number | null = null;
    if (speech) {
      const window = this.window;
      window.set(this.previous, 0);
      window.set(frame, frame.length);
      const v = voicing(window, o.sampleRate);
      voiced = v.periodicity >= o.voicingThreshold;
      pitchHz = voiced ? v.pitchHz : null;
    }
    this.previous = frame;
    const startMs = this.frameIndex * o.frameMs;
    this.frameIndex++;
    return { startMs, speech, voiced, levelDb: raw, bandDb: level, noiseDb: noise, pitchHz };
  }

  private trackSteady(level: number): void {
    this.recent.push(level);
    if (this.steadyFloor > -100 && level < this.steadyFloor - 2 * this.options.steadyRangeDb) this.steadyFloor = -100; // it stopped
    if (this.recent.length < this.recent.capacity) return;
    const low = this.recent.min();
    if (this.recent.max() - low <= this.options.steadyRangeDb && low > this.noiseDb) this.steadyFloor = low;
  }
}
