// Types for the Emscripten build of PocketSphinx (scripts/build-pocketsphinx-wasm.sh, echo_glue.c).
export interface PocketSphinxModule {
  FS: {
    mkdir(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
    unlink(path: string): void;
  };
  HEAP16: Int16Array;
  HEAPU32: Uint32Array;
  UTF8ToString(ptr: number): string;
  stringToUTF8(text: string, ptr: number, maxBytes: number): void;
  lengthBytesUTF8(text: string): number;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _echo_quiet(): void;
  _echo_decoder_new(argc: number, argv: number): number;
  _echo_lm_read(decoder: number, path: number): number;
  _echo_decoder_use_lm(decoder: number, lm: number): number;
  _echo_start(decoder: number): number;
  _echo_feed(decoder: number, samples: number, count: number): number;
  _echo_search(decoder: number, maxFrames: number): number;
  _echo_end_begin(decoder: number): number;
  _echo_end_lookahead(decoder: number): number;
  _echo_end_lookahead_step(decoder: number, k: number): number;
  _echo_end_finish(decoder: number): number;
  _echo_hyp(decoder: number): number;
  _echo_decoder_free(decoder: number): void;
}

export interface PocketSphinxOptions {
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void): object;
  locateFile(path: string): string;
  print(text: string): void;
  printErr(text: string): void;
}

export default function createPocketSphinx(options: PocketSphinxOptions): Promise<PocketSphinxModule>;
