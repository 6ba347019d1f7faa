// One instance of a WASI command module, run again and again: flite's module is 21 MB with 17 MB of
// data, and a fresh instance per sentence (allocating and filling that memory, then collecting it) was
// most of a sentence's time on the thread every call shares. Instead the instance's memory as it was
// right after instantiation (data segments in place, nothing run) is kept, and copied back before each
// run (~3 ms for flite), so each run starts from the same state as a fresh instance: same output.
// Its imports forward to the current run's WasiShim. An instance that did not return normally (exit
// through proc_exit, a trap) may have its stack pointer — a global we can't reset — left anywhere, so
// it is dropped and the next run gets a fresh one; so is one whose memory grew far past its start.
import { WasiShim } from "./wasi";

/** Memory growth beyond the pristine size after which the instance is replaced rather than reused. */
const MAX_GROWTH_BYTES = 32 * 1024 * 1024;

type WasiFunctions = Record<string, (...args: never[]) => number>;

interface Reusable {
  instance: WebAssembly.Instance;
  memory: WebAssembly.Memory;
  pristine: Uint8Array;
}

export class ReusableCommand {
  private reusable: Reusable | null = null;
  private current: WasiShim | null = null;
  private readonly forwarding: WasiFunctions;
  /** Instances created so far (for tests and benches: 1 while runs reuse it). */
  instancesCreated = 0;

  constructor(private readonly module: WebAssembly.Module) {
    const names = Object.keys(functionsOf(new WasiShim([])));
    this.forwarding = Object.fromEntries(
      names.map((name) => [
        name,
        (...args: never[]) => {
          if (!this.current) throw new Error(`WASI call ${name} outside a run`);
          const fn = functionsOf(this.current)[name];
          if (!fn) throw new Error(`WASI call ${name} not provided`);
          return fn(...args);
        },
      ]),
    );
  }

  /** Runs the command with `shim`'s arguments and files; returns its exit code (files are in `shim.files`). */
  async run(shim: WasiShim): Promise<number> {
    const reusable = this.reusable ?? (await this.instantiate());
    this.reusable = null; // taken: put back only after a clean run
    const { memory, pristine } = reusable;
    const bytes = new Uint8Array(memory.buffer);
    bytes.set(pristine);
    if (bytes.length > pristine.length) bytes.fill(0, pristine.length);
    this.current = shim;
    try {
      const code = shim.run(reusable.instance);
      if (shim.returned && memory.buffer.byteLength - pristine.length <= MAX_GROWTH_BYTES) this.reusable = reusable;
      return code;
    } finally {
      this.current = null;
    }
  }

  private async instantiate(): Promise<Reusable> {
    const instance = await WebAssembly.instantiate(this.module, { wasi_snapshot_preview1: this.forwarding });
    const { memory } = instance.exports;
    if (!(memory instanceof WebAssembly.Memory)) throw new Error("Not a WASI command module (needs memory).");
    this.instancesCreated++;
    return { instance, memory, pristine: new Uint8Array(memory.buffer).slice() };
  }
}

function functionsOf(shim: WasiShim): WasiFunctions {
  return (shim.imports as { wasi_snapshot_preview1: WasiFunctions }).wasi_snapshot_preview1;
}
