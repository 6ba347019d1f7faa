// Feeds input into one pipeline stage in chunks and collects what comes out, so each stage's tests read
// as "this in → these out".
export interface Stage<In, Out> {
  push(input: In): readonly Out[];
}

/** Pushes every input in order and returns all outputs, each tagged with the index of the input that produced it. */
export function runStage<In, Out>(stage: Stage<In, Out>, inputs: Iterable<In>): Array<{ input: number; output: Out }> {
  const out: Array<{ input: number; output: Out }> = [];
  let index = 0;
  for (const input of inputs) {
    for (const output of stage.push(input)) out.push({ input: index, output });
    index++;
  }
  return out;
}

export { chunks } from "../../support/audio";
