// voicing() as it was before the FFT (worker/pipeline/features.ts until 2026-11-24): the same whitening,
// lags and normalisation (shared with features.ts), with the correlation at each lag summed lag by lag
// (four partial sums, the energies from prefix sums). The oracle the FFT version is tested against and
// the pipeline bench's reference for its speed. Only the tie rule (the shortest of equally good lags
// wins) and the periodicity's clamp to 1 are today's.
import { pitchLags, type Voicing, whiten } from "../../../worker/pipeline/features";

export function lagByLagVoicing(window: Int16Array, sampleRate: number): Voicing {
  const n = window.length;
  const x = new Float32Array(n);
  const prefix = new Float64Array(n + 1);
  whiten(window, x);
  const { minLag, maxLag } = pitchLags(sampleRate, n);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + x[i]! * x[i]!;
  const energy = prefix[n]!;
  if (energy < 1e-3 || maxLag <= minLag) return { periodicity: 0, pitchHz: null };
  let best = 0;
  let bestLag = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    const span = n - lag;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    let c3 = 0;
    let i = 0;
    for (; i + 3 < span; i += 4) {
      c0 += x[i]! * x[i + lag]!;
      c1 += x[i + 1]! * x[i + 1 + lag]!;
      c2 += x[i + 2]! * x[i + 2 + lag]!;
      c3 += x[i + 3]! * x[i + 3 + lag]!;
    }
    for (; i < span; i++) c0 += x[i]! * x[i + lag]!;
    const e1 = prefix[span]!;
    const e2 = energy - prefix[lag]!;
    const r = e1 > 0 && e2 > 0 ? (c0 + c1 + c2 + c3) / Math.sqrt(e1 * e2) : 0;
    if (r > best + 1e-9) {
      best = r;
      bestLag = lag;
    }
  }
  return { periodicity: bestLag > 0 ? Math.min(1, best) : 0, pitchHz: bestLag > 0 ? sampleRate / bestLag : null };
}
