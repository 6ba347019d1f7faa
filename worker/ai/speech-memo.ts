// Speech the embedded engines already made, kept for the next time the same words are said in the same
// voice: every call of an Echo opens with the same greeting, and the engines are deterministic, so the
// isolate (which all local calls share) synthesizes it once instead of once per call — calls asking
// while it is being made wait for that one. Least recently used entries go first once the kept audio
// passes a bound. Every call is handed the same audio, not a copy: speech is read-only wherever it goes
// (PcmAudio), and a copy per call was 100 × the greeting's ~350 KB of buffers alive at once at 100
// calls, memory outside the JS heap that V8 counts toward its global limit: it brought a full
// collection of the whole isolate, every call's thread, more per run (docs/phone-capacity.md, "Shared speech").
import type { Delivery } from "../../protocol/delivery";
import type { PcmAudio } from "./provider";

/** The memo's voice key for a style said with `delivery`'s pace, pitch and level (the voice's own: the style alone). */
export function voiceKey(style: string, delivery?: Delivery): string {
  if (!delivery || (delivery.rate === 1 && delivery.pitchSt === 0 && delivery.volume === 1)) return style;
  return `${style}:${delivery.rate}:${delivery.pitchSt}:${delivery.volume}`;
}

/** Audio kept at most (samples over all entries: 4 M ≈ 8 MB, ~4 minutes at 16 kHz). */
const MAX_SAMPLES = 4 * 1024 * 1024;
/** Longer texts are not kept (a greeting or a stock line is short; a long reply rarely comes again). */
const MAX_TEXT = 400;

export class SpeechMemo {
  private readonly entries = new Map<string, PcmAudio>();
  /** Speech being made, by key: a second ask waits for it instead of making it again. */
  private readonly making = new Map<string, Promise<PcmAudio>>();
  private samples = 0;

  constructor(private readonly maxSamples = MAX_SAMPLES) {}

  /** The speech for `text` in `voice`: kept, or made by `make` (and kept when it is short enough). */
  async get(text: string, voice: string, make: () => Promise<PcmAudio> | PcmAudio): Promise<PcmAudio> {
    if (text.length > MAX_TEXT) return make();
    const key = `${voice}\n${text}`;
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key); // most recently used goes last
      this.entries.set(key, kept);
      return kept;
    }
    let making = this.making.get(key);
    if (!making) {
      making = Promise.resolve()
        .then(make)
        .then((made) => this.keep(key, made))
        .finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
  }

  /** Keeps `made`, dropping the least recently used past the bound. */
  private keep(key: string, made: PcmAudio): PcmAudio {
    if (made.samples.length > this.maxSamples) return made;
    this.entries.set(key, made);
    this.samples += made.samples.length;
    for (const [oldest, audio] of this.entries) {
      if (this.samples <= this.maxSamples) break;
      this.entries.delete(oldest);
      this.samples -= audio.samples.length;
    }
    return made;
  }
}
