// A streaming downsampler for microphone audio captured at the device's rate (e.g. 48 kHz) when the
// browser cannot hand it to a 16 kHz AudioContext (Firefox: capture.ts). Each output sample is the
// average of the input over its own interval (area averaging: a box low-pass that keeps most of what is
// above the new Nyquist out), at any ratio, 44.1 → 16 kHz included. State carries across buffers, so
// cutting the input anywhere gives the same output. Pure.

export class Downsampler {
  /** Input samples per output sample (> 1). */
  private readonly step: number;
  /** Where the next output interval starts, in input samples from the start of the next push. */
  private start = 0;
  /** The part of the current interval seen so far (sum and covered length, in input samples). */
  private sum = 0;
  private covered = 0;

  constructor(fromRate: number, toRate: number) {
    if (!(fromRate > toRate && toRate > 0)) throw new Error(`cannot downsample from ${fromRate} Hz to ${toRate} Hz`);
    this.step = fromRate / toRate;
  }

  push(input: Float32Array): Float32Array {
    const out: number[] = [];
    let pos = this.start; // start of the current interval, relative to input[0] (≤ 0 while carried over)
    let end = pos + this.step;
    let i = Math.max(0, Math.floor(pos));
    while (i < input.length) {
      const lo = Math.max(i, pos);
      const hi = Math.min(i + 1, end);
      if (hi > lo) {
        this.sum += (input[i] ?? 0) * (hi - lo);
        this.covered += hi - lo;
      }
      if (end <= i + 1) {
        out.push(this.covered > 0 ? this.sum / this.covered : 0);
        this.sum = 0;
        this.covered = 0;
        pos = end;
        end = pos + this.step;
        continue; // the same input sample may reach into the next interval
      }
      i++;
    }
    this.start = pos - input.length;
    return Float32Array.from(out);
  }
}
