// The correlation voicing() used before the FFT (worker/pipeline/turns/acoustic-features.ts until 2026-11-24): summed
// lag by lag, four partial sums at a time. Passed to voicing() in place of the FFT, it is the oracle the
// FFT version is tested against and the pipeline bench's reference for its speed.
import type { Autocorrelate } from "../../../worker/pipeline/turns/acoustic-features";

export const lagByLagAutocorrelation: Autocorrelate = (x, n, maxLag) => {
  const r = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) {
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
    r[lag] = c0 + c1 + c2 + c3;
  }
  return r;
};
