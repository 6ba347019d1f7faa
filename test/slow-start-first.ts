// The order vitest starts test files in (vitest.config.ts's `sequence.sequencer`). Files run several
// at a time, so the run ends when its last long file ends: a long file should start early. vitest's
// own order (longest first by the last run's durations, largest first on a fresh clone) keeps the
// projects apart, by name, and `worker-local-speech` sorts late, yet its file is among the longest
// (it loads ~60 MB of speech engines into workerd, then runs a call at real-time pace) and is small,
// so it would start last and run alone at the end. Here its files go first; every other file keeps
// vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Projects whose files are known to be long, started before the rest. */
const FIRST = new Set(["worker-local-speech"]);

export default class SlowStartFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => FIRST.has(spec.project.name);
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}
