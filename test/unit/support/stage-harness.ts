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

/** Cuts audio into chunks of `chunk` samples (the browser sends 4096, Twilio 160 after decoding). */
export function* chunks(samples: Int16Array, chunk: number): Generator<Int16Array> {
  for (let i = 0; i < samples.length; i += chunk) yield samples.subarray(i, i + chunk);
}
