// PocketSphinx (WebAssembly, scripts/build-pocketsphinx-wasm.sh) with the US-English model. The
// compiled wasm is handed over through `instantiateWasm` (workerd refuses to compile wasm from bytes);
// the model files are written to the module's in-memory file system. The Worker gets its assets from
// ./assets.ts (module imports); Node scripts and benches read the same files. One n-gram model is shared by every decoder, so a
// decoder per concurrent utterance costs only its acoustic model and dictionary.
import { BoundedPool } from "./pool";
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
 * keeps PocketSphinx's defaults (4 top Gaussians, its own silence removal) with at most 3,000 active
 * HMMs per frame, which bounds the worst frames without costing words. Measured in Node in one run
 * (10 ms steps, the search work split as the Worker runs it): word error rate 14.9 % on the bench's
 * held-apart flite set, 28.2 % on LibriVox read speech and 12.5 % on the tests' flite set with 3,000,
 * 5,000 or 10,000 active HMMs alike, while the longest step was 17 / 29 / 33 ms and the p99 step
 * 7.9 / 10.2 / 12.9 ms. CMU's other "speed" settings (-maxwpf 5 -pl_window 10 -topn 2) cost words
 * (measured earlier: 12.5 / 18.8 / 26.8 % and 19–22 % in the Chromium test).
 */
const DECODER_ARGS = ["-hmm", "/model/hmm", "-dict", "/model/dict", "-fwdflat", "no", "-bestpath", "no", "-maxhmmpf", "3000"];

/** Largest block handed to the decoder at once, in samples (the heap copy buffer). */
const MAX_BLOCK = 16000;

/**
 * Search frames (10 ms of audio each) one process() or search() call searches at most: a step's
 * audio; while catching up (two steps at once) the second frame waits for a search() call too. When
 * PocketSphinx's own voice-activity detection hears speech start it releases the ~30 frames it held
 * back at once; searching them together held the thread for 35–85 ms once per utterance (measured in
 * Node), so the rest wait for search() calls. One frame, not two: a frame of speech took up to ~15 ms
 * on a loaded machine, and another call's message waits behind whatever piece is running.
 */
export const SEARCH_FRAMES_PER_CALL = 1;

export class RecognizerError extends Error {}

/** One decoder: a single utterance at a time (start → process/search… → end). */
export class Decoder {
  private readonly buffer: number;
  /** Samples of the current block (in `buffer`) not fed to the front end yet: [unfedAt, blockEnd). */
  private unfedAt = 0;
  private blockEnd = 0;

  constructor(
    private readonly ps: PocketSphinxModule,
    private readonly handle: number,
  ) {
    this.buffer = ps._malloc(MAX_BLOCK * 2);
  }

  start(): void {
    if (this.ps._echo_start(this.handle) < 0) throw new RecognizerError("PocketSphinx could not start an utterance.");
    this.unfedAt = this.blockEnd = 0;
  }

  /**
   * Takes 16 kHz PCM16 samples and does up to SEARCH_FRAMES_PER_CALL frames of their search; returns
   * the work left for search() (0: none). More than MAX_BLOCK samples (scripts) are done in one go.
   */
  process(samples: Int16Array): number {
    for (let at = 0; at < samples.length; at += MAX_BLOCK) {
      while (this.search() > 0); // the block before is done before the buffer is reused
      const block = samples.subarray(at, at + MAX_BLOCK);
      this.ps.HEAP16.set(block, this.buffer >> 1);
      this.unfedAt = 0;
      this.blockEnd = block.length;
      this.feed();
    }
    return this.search();
  }

  /**
   * Searches up to SEARCH_FRAMES_PER_CALL frames; once none are left, feeds the front end the samples
   * it stopped short of (PocketSphinx's ps_process_raw, split: echo_glue.c). Returns the work left:
   * frames to search plus samples to feed (0: none).
   */
  search(): number {
    let frames = this.searchFrames(SEARCH_FRAMES_PER_CALL);
    if (frames === 0 && this.unfedAt < this.blockEnd) {
      this.feed();
      frames = this.searchFrames(0);
    }
    return frames + (this.blockEnd - this.unfedAt);
  }

  private searchFrames(max: number): number {
    const left = this.ps._echo_search(this.handle, max);
    if (left < 0) throw new RecognizerError("PocketSphinx failed to decode audio.");
    return left;
  }

  /** One front-end call over the unfed samples (it may stop early: see echo_glue.c). */
  private feed(): void {
    const took = this.ps._echo_feed(this.handle, this.buffer + 2 * this.unfedAt, this.blockEnd - this.unfedAt);
    if (took < 0 || (took === 0 && this.searchFrames(0) === 0)) throw new RecognizerError("PocketSphinx failed to decode audio.");
    this.unfedAt += took;
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
    // Audio taken but not decoded yet (a cancelled stream, or a script's whole utterance) first.
    while (this.search() > 0) yield;
    let left = ps._echo_end_begin(handle);
    if (left < 0) throw failed();
    while (left > 0) {
      yield;
      left = ps._echo_search(handle, 1);
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

  /** Frees the decoder's memory in the module's heap (for the next decoder: the heap never shrinks). */
  free(): void {
    this.ps._free(this.buffer);
    this.ps._echo_decoder_free(this.handle);
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
 * calls share for 0.3–1.5 s in one piece (it builds the search over the 134,000-word dictionary).
 */
export const REUSE_WAIT_MS = 250;

/**
 * Decoders alive at most: one per utterance decoded at the same time, so four callers speaking at once.
 * Each decoder beyond the first adds ~60 MB to the module's WebAssembly heap (measured in Node: 82.5 MB
 * with one, +60 MB each), and a WebAssembly heap never shrinks, so without a cap a burst of concurrent
 * speakers kept the isolate that much bigger for good (4 decoders: ~263 MB). A fifth utterance waits
 * for one of the four to end (an utterance lasts seconds; its speech-to-text deadline still applies)
 * instead of growing the heap and holding the thread to build one.
 */
export const MAX_DECODERS = 4;

export class PocketSphinx {
  private readonly pool: BoundedPool<Decoder>;
  private lm = 0;
  /**
   * The decoder the shared language model was read with. The model borrows that decoder's log tables
   * (sphinxbase's ngram_model_init keeps the logmath pointer without a reference, and every decoder's
   * ngram_model_set_init reads it), so this decoder is never freed: freeing it would leave the model
   * pointing into freed memory.
   */
  private lmOwner: Decoder | null = null;

  private constructor(private readonly ps: PocketSphinxModule) {
    this.pool = new BoundedPool<Decoder>(
      { create: () => this.createDecoder(), free: (decoder) => this.freeDecoder(decoder) },
      { max: MAX_DECODERS, reuseWaitMs: REUSE_WAIT_MS },
    );
  }

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
    engine.pool.prepare();
    return engine;
  }

  /** How many decoders exist (lent out or idle). */
  get decoders(): number {
    return this.pool.size;
  }

  /** The module's WebAssembly heap, in bytes (it grows, never shrinks). */
  get heapBytes(): number {
    return this.ps.HEAP16.buffer.byteLength;
  }

  /**
   * A decoder for one utterance; give it back with release(), or discard() if it failed. An idle one if
   * any; else, below MAX_DECODERS, the first one given back within REUSE_WAIT_MS, or a new one; at the
   * cap, the first one given back. Rejects with an AbortError once `signal` aborts.
   */
  acquire(signal?: AbortSignal): Promise<Decoder> {
    return this.pool.acquire(signal);
  }

  release(decoder: Decoder): void {
    this.pool.release(decoder);
  }

  /**
   * A decoder that failed mid-utterance (its state unknown): never lent again, and freed, so the next
   * decoder reuses its ~60 MB instead of growing the heap. Only the language model's owner stays
   * allocated, unused (see lmOwner).
   */
  discard(decoder: Decoder): void {
    this.pool.discard(decoder);
  }

  private freeDecoder(decoder: Decoder): void {
    if (decoder === this.lmOwner) return; // kept alive for the language model (see lmOwner)
    decoder.free();
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
    const decoder = new Decoder(ps, handle);
    if (!this.lm) {
      const path = "/model/lm";
      const size = ps.lengthBytesUTF8(path) + 1;
      const ptr = ps._malloc(size);
      ps.stringToUTF8(path, ptr, size);
      this.lm = ps._echo_lm_read(handle, ptr);
      ps._free(ptr);
      if (!this.lm) {
        decoder.free();
        throw new RecognizerError("PocketSphinx could not load its language model.");
      }
      this.lmOwner = decoder;
      ps.FS.unlink(path); // read into the heap; the file copy is no longer needed
    }
    if (ps._echo_decoder_use_lm(handle, this.lm) < 0) {
      this.freeDecoder(decoder);
      throw new RecognizerError("PocketSphinx could not use its language model.");
    }
    return decoder;
  }
}
