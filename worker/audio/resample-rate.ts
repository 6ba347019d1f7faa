// Any sample rate → another, for whole clips (a synthesized sentence): windowed-sinc interpolation
// (Blackman window, 16 zero crossings each side) with the cut-off at 0.9 × the lower Nyquist frequency,
// so 24 kHz speech comes down to 16 kHz without folding 8–12 kHz content into the band. The kernel is
// tabulated (256 steps per input sample, linear interpolation between steps). Pure function.
// Telephone 8 ⇄ 16 kHz streams use the cheaper half-band filter in resample.ts.

const ZERO_CROSSINGS = 16;
const STEPS = 256;

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** The kernel at distances 0, 1/STEPS, 2/STEPS … halfWidth input samples (it is symmetric). */
function kernelTable(cutoff: number, halfWidth: number): Float64Array {
  const table = new Float64Array(Math.ceil(halfWidth * STEPS) + 2);
  for (let k = 0; k < table.length; k++) {
    const d = k / STEPS;
    if (d >= halfWidth) continue;
    const window = 0.42 + 0.5 * Math.cos((Math.PI * d) / halfWidth) + 0.08 * Math.cos((2 * Math.PI * d) / halfWidth);
    table[k] = cutoff * sinc(cutoff * d) * window;
  }
  return table;
}

export function resampleClip(samples: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (!(fromRate > 0 && toRate > 0)) throw new RangeError(`resampleClip: bad sample rates ${fromRate} → ${toRate}`);
  if (fromRate === toRate) return samples;
  const ratio = toRate / fromRate;
  const outLength = Math.floor(samples.length * ratio);
  const out = new Int16Array(outLength);
  const cutoff = 0.9 * Math.min(1, ratio); // relative to the input rate
  const halfWidth = ZERO_CROSSINGS / cutoff; // input samples each side
  const table = kernelTable(cutoff, halfWidth);
  for (let i = 0; i < outLength; i++) {
    const centre = i / ratio;
    const first = Math.max(0, Math.ceil(centre - halfWidth));
    const last = Math.min(samples.length - 1, Math.floor(centre + halfWidth));
    let sum = 0;
    let weights = 0;
    for (let j = first; j <= last; j++) {
      const at = Math.abs(j - centre) * STEPS;
      const k = Math.floor(at);
      const frac = at - k;
      const w = (table[k] ?? 0) * (1 - frac) + (table[k + 1] ?? 0) * frac;
      sum += (samples[j] ?? 0) * w;
      weights += w;
    }
    const value = weights !== 0 ? sum / weights : 0;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return out;
}
