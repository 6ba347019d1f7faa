// The recogniser's wasm and model as Worker module imports (a compiled WebAssembly.Module and data),
// and the isolate's one recogniser, loaded on first use (about a second; later calls share it).
// The imports are dynamic: a data module becomes an ArrayBuffer in the isolate's memory when it is
// first imported, and these are ~36 MB. Imported statically they sat in every development isolate,
// local speech used or not, and made unrelated requests ~20× slower (the calls-api bench's Insights
// queries: p95 623 ms vs 40 ms for the whole year, idle, same run conditions).
import { PocketSphinx } from "./pocketsphinx";

let loading: Promise<PocketSphinx> | null = null;

async function load(): Promise<PocketSphinx> {
  const [wasm, dictionary, languageModel, featParams, mdef, means, noisedict, sendump, transitionMatrices, variances] = await Promise.all([
    import("./vendor/pocketsphinx.wasm"),
    import("./vendor/model/cmudict-en-us.dict.bin"),
    import("./vendor/model/en-us.lm.bin"),
    import("./vendor/model/feat.params.bin"),
    import("./vendor/model/mdef.bin"),
    import("./vendor/model/means.bin"),
    import("./vendor/model/noisedict.bin"),
    import("./vendor/model/sendump.bin"),
    import("./vendor/model/transition_matrices.bin"),
    import("./vendor/model/variances.bin"),
  ]);
  return PocketSphinx.load({
    wasm: wasm.default,
    acousticModel: {
      "feat.params": featParams.default,
      mdef: mdef.default,
      means: means.default,
      noisedict: noisedict.default,
      sendump: sendump.default,
      transition_matrices: transitionMatrices.default,
      variances: variances.default,
    },
    dictionary: dictionary.default,
    languageModel: languageModel.default,
  });
}

export function pocketSphinx(): Promise<PocketSphinx> {
  loading ??= load().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
