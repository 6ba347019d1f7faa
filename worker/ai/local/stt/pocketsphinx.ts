// PocketSphinx (WebAssembly, scripts/build-pocketsphinx-wasm.sh) with the US-English model. The
// compiled wasm is handed over through `instantiateWasm` (workerd refuses to compile wasm from bytes);
// the model files are written to the module's in-memory file system. The Worker gets its assets from
// ./assets.ts (module imports); Node scripts and benches read the same files. One n-gram model is shared by every decoder, so a
// decoder per concurrent utterance costs only its acoustic model and dictionary.
import createPocketSphinx, { type PocketSphinxModule } from "./vendor/pocketsphinx.mjs";

/** The compiled wasm and the model files (acoustic model by file name, dictionary, n-gram LM). */
export interface PocketSphinxAssets {
  wasm: WebAssembly.Module;
  acousticModel: Record<string, ArrayBuffer>;
  dictionary: ArrayBuffer;
  languageModel: ArrayBuffer;
}

/** The sample rate the acoustic model was trained on. */
export const RECOGNIZER_SAMPLE_RATE = 16000;

/**
 * Decoder settings. The forward-flat and best-path passes are off: they run when the utterance ends
 * and would block the thread for 150–200 ms per turn (measured), for a small accuracy gain. The search
 * keeps PocketSphinx's defaults (4 top Gaussians, its own silence removal) with at most 10,000 active
 * HMMs per frame, which bounds the worst frames without costing words. Measured in Node in one run
 * (scripts fed 10 ms steps, as the Worker does): word error rate 10.7 % on the tests' flite set (8.9 %
 * with the audio clipped at 2× gain, as Chromium's gain control does to a first sentence), 13.9 % on
 * the bench's held-apart flite set, 25.4 % on LibriVox read speech; real-time factor 0.21–0.34; end of
 * utterance at most 14–67 ms. CMU's "speed" settings (-maxhmmpf 3000 -maxwpf 5 -pl_window 10 -topn 2)
 * measured 12.5 / 12.5 / 18.8 / 26.8 % for a real-time factor of 0.14–0.22 (and 19–22 % in the Chromium
 * test): words matter more here than CPU.
 */
const DECODER_ARGS = ["-hmm", "/model/hmm", "-dict", "/model/dict", "-fwdflat", "no", "-bestpath", "no", "-maxhmmpf", "10000"];

/** Largest block handed to the decoder at once, in samples (the heap copy buffer). */
const MAX_BLOCK = 16000;

export class RecognizerError extends Error {}

/** One decoder: a single utterance at a time (start → process… → end). */
export class Decoder {
  private readonly buffer: number;

  constructor(
    private readonly ps: PocketSphinxModule,
    private readonly handle: number,
  ) {
    this.buffer = ps._malloc(MAX_BLOCK * 2);
  }

  start(): void {
    if (this.ps._echo_start(this.handle) < 0) throw new RecognizerError("PocketSphinx could not start an utterance.");
  }

  /** Decodes 16 kHz PCM16 samples (any count; split into heap-sized blocks). */
  process(samples: Int16Array): void {
    for (let at = 0; at < samples.length; at += MAX_BLOCK) {
      const block = samples.subarray(at, at + MAX_BLOCK);
      this.ps.HEAP16.set(block, this.buffer >> 1);
      if (this.ps._echo_process(this.handle, this.buffer, block.length) < 0) throw new RecognizerError("PocketSphinx failed to decode audio.");
    }
  }

  /**
   * Ends the utterance in pieces (PocketSphinx's ps_end_utt, split in echo_glue.c): each next() does one
   * piece — flushing the front end, one search frame, or finishing the search — and the return value is
   * the words recognised (lower case, may be empty). Most of the end is searching the phone-loop
   * lookahead window, five frames of 4–12 ms each on the shared machine: 20–90 ms in one piece before.
   */
  *ending(): Generator<void, string, void> {
    const { ps, handle } = this;
    const failed = () => new RecognizerError("PocketSphinx failed to end the utterance.");
    let left = ps._echo_end_begin(handle);
    if (left < 0) throw failed();
    while (left > 0) {
      yield;
      left = ps._echo_end_search(handle, 1);
      if (left < 0) throw failed();
    }
    const lookahead = ps._echo_end_lookahead(handle);
    if (lookahead < 0) throw failed();
    for (let k = 0; k < lookahead; k++) {
      yield;
      if (ps._echo_end_lookahead_step(handle, k) < 0) throw failed();
    }
    yield;
    if (ps._echo_end_finish(handle) < 0) throw failed();
    return ps.UTF8ToString(ps._echo_hyp(handle)).trim();
  }

  /** Ends the utterance in one go (scripts and tests) and returns the words recognised. */
  end(): string {
    const pieces = this.ending();
    for (;;) {
      const piece = pieces.next();
      if (piece.done) return piece.value;
    }
  }
}

/**
 * Waiting this long for a decoder that is lent out beats building another: an utterance that is ending
 * or was given up brings its decoder back within a few tasks, and a new decoder holds the thread other
 * calls share for 1–1.5 s in one piece (it builds the search over the 134,000-word dictionary).
 */
export const REUSE_WAIT_MS = 250;

export class PocketSphinx {
  private readonly idle: Decoder[] = [];
  private readonly waiting: Array<(decoder: Decoder) => void> = [];
  private lent = 0;
  private lm = 0;

  private constructor(private readonly ps: PocketSphinxModule) {}

  static async load(assets: PocketSphinxAssets): Promise<PocketSphinx> {
    const ps = await createPocketSphinx({
      instantiateWasm(imports, done) {
        void WebAssembly.instantiate(assets.wasm, imports).then(done);
        return {};
      },
      locateFile: (path) => path,
      print: () => {},
      printErr: () => {},
    });
    ps._echo_quiet();
    ps.FS.mkdir("/model");
    ps.FS.mkdir("/model/hmm");
    for (const [name, data] of Object.entries(assets.acousticModel)) ps.FS.writeFile(`/model/hmm/${name}`, new Uint8Array(data));
    ps.FS.writeFile("/model/dict", new Uint8Array(assets.dictionary));
    ps.FS.writeFile("/model/lm", new Uint8Array(assets.languageModel));
    const engine = new PocketSphinx(ps);
    engine.idle.push(engine.createDecoder());
    return engine;
  }

  /** How many decoders exist (lent out or idle). */
  get decoders(): number {
    return this.lent + this.idle.length;
  }

  /**
   * A decoder for one utterance; give it back with release(). An idle one if any; else the first one
   * given back within REUSE_WAIT_MS; else a new one.
   */
  async acquire(): Promise<Decoder> {
    const idle = this.idle.pop();
    if (idle) {
      this.lent++;
      return idle;
    }
    if (this.lent > 0) {
      const returned = await new Promise<Decoder | null>((resolve) => {
        const waiter = (decoder: Decoder) => {
          clearTimeout(timer);
          resolve(decoder);
        };
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          resolve(null);
        }, REUSE_WAIT_MS);
        this.waiting.push(waiter);
      });
      if (returned) return returned; // handed over lent: this.lent unchanged
    }
    const decoder = this.createDecoder();
    this.lent++;
    return decoder;
  }

  release(decoder: Decoder): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(decoder);
    else {
      this.lent--;
      this.idle.push(decoder);
    }
  }

  /** A decoder that failed mid-utterance is dropped (not freed: its state is unknown). */
  discard(_decoder: Decoder): void {
    this.lent--;
  }

  private createDecoder(): Decoder {
    const { ps } = this;
    const strings = DECODER_ARGS.map((arg) => {
      const size = ps.lengthBytesUTF8(arg) + 1;
      const ptr = ps._malloc(size);
      ps.stringToUTF8(arg, ptr, size);
      return ptr;
    });
    const argv = ps._malloc(4 * strings.length);
    strings.forEach((ptr, i) => (ps.HEAPU32[(argv >> 2) + i] = ptr));
    const handle = ps._echo_decoder_new(strings.length, argv);
    for (const ptr of strings) ps._free(ptr);
    ps._free(argv);
    if (!handle) throw new RecognizerError("PocketSphinx could not load its acoustic model.");
    if (!this.lm) {
      const path = "/model/lm";
      const size = ps.lengthBytesUTF8(path) + 1;
      const ptr = ps._malloc(size);
      ps.stringToUTF8(path, ptr, size);
      this.lm = ps._echo_lm_read(handle, ptr);
      ps._free(ptr);
      if (!this.lm) throw new RecognizerError("PocketSphinx could not load its language model.");
      ps.FS.unlink(path); // read into the heap; the file copy is no longer needed
    }
    if (ps._echo_decoder_use_lm(handle, this.lm) < 0) throw new RecognizerError("PocketSphinx could not use its language model.");
    return new Decoder(ps, handle);
  }
}
