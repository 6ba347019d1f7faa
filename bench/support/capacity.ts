// The capacity figure of a load curve: the largest load at which a run held its limits, counting only
// loads that every smaller measured load held too (one lucky run above a failing one is not capacity).

export interface CurvePoint {
  /** The load of this run (e.g. concurrent calls). */
  load: number;
  /** True when the run held every limit at this load. */
  held: boolean;
}

/** The largest load held by it and every smaller load on the curve; 0 when the smallest already failed. */
export function capacity(points: readonly CurvePoint[]): number {
  let best = 0;
  for (const p of [...points].sort((a, b) => a.load - b.load)) {
    if (!p.held) break;
    best = p.load;
  }
  return best;
}
