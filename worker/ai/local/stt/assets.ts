// The recogniser's wasm and model as Worker module imports (a compiled WebAssembly.Module and data),
// and the isolate's one recogniser, loaded on first use (about a second; later calls share it).
import { PocketSphinx } from "./pocketsphinx";
import wasm from "./vendor/pocketsphinx.wasm";
import dictionary from "./vendor/model/cmudict-en-us.dict.bin";
import languageModel from "./vendor/model/en-us.lm.bin";
import featParams from "./vendor/model/feat.params.bin";
import mdef from "./vendor/model/mdef.bin";
import means from "./vendor/model/means.bin";
import noisedict from "./vendor/model/noisedict.bin";
import sendump from "./vendor/model/sendump.bin";
import transitionMatrices from "./vendor/model/transition_matrices.bin";
import variances from "./vendor/model/variances.bin";

let loading: Promise<PocketSphinx> | null = null;

export function pocketSphinx(): Promise<PocketSphinx> {
  loading ??= PocketSphinx.load({
    wasm,
    acousticModel: { "feat.params": featParams, mdef, means, noisedict, sendump, transition_matrices: transitionMatrices, variances },
    dictionary,
    languageModel,
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
