// The smallest WASI (wasi_snapshot_preview1) a command-line program such as flite needs to run once:
// its arguments, a clock, stdout/stderr collected as text, and an in-memory root directory ("/", fd 3)
// where it can create, write, seek and read files. Nothing touches a real file system or the network.
// Pure: one shim per run, the files it wrote are in `files` afterwards (an instance can be reused for
// the next run's shim: `reusable-command.ts`).

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;
const ERRNO_NOENT = 44;

const FILETYPE_CHARACTER_DEVICE = 2;
const FILETYPE_DIRECTORY = 3;
const FILETYPE_REGULAR_FILE = 4;

const OFLAGS_CREAT = 1;
const OFLAGS_TRUNC = 8;
const WHENCE_SET = 0;
const WHENCE_CUR = 1;
const WHENCE_END = 2;

const ROOT_FD = 3;
const ALL_RIGHTS = 0xffffffffffffffffn;

/** Thrown by proc_exit to stop the program; carries its exit code. */
export class WasiExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** A growable byte buffer with a length (an in-memory file). */
class MemoryFile {
  bytes = new Uint8Array(0);
  length = 0;

  write(at: number, data: Uint8Array): void {
    const end = at + data.length;
    if (end > this.bytes.length) {
      const grown = new Uint8Array(Math.max(end, this.bytes.length * 2, 4096));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(data, at);
    this.length = Math.max(this.length, end);
  }

  contents(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

interface OpenFile {
  path: string;
  file: MemoryFile;
  position: number;
}

export class WasiShim {
  private memory: WebAssembly.Memory | null = null;
  private readonly store = new Map<string, MemoryFile>();
  private readonly open = new Map<number, OpenFile>();
  private nextFd = ROOT_FD + 1;
  private readonly decoder = new TextDecoder();
  stdout = "";
  stderr = "";
  /** True once `_start` returned by itself (not through proc_exit or a trap): the instance's stack is back where it began. */
  returned = false;

  constructor(
    private readonly args: readonly string[],
    files: Record<string, Uint8Array> = {},
  ) {
    for (const [path, data] of Object.entries(files)) {
      const file = new MemoryFile();
      file.write(0, data);
      this.store.set(normalize(path), file);
    }
  }

  /** The files in the root directory after the run, by path without the leading "/". */
  get files(): Map<string, Uint8Array> {
    return new Map([...this.store].map(([path, file]) => [path, file.contents()]));
  }

  /** Runs the command's `_start`; returns its exit code (0 when it returned normally). */
  run(instance: WebAssembly.Instance): number {
    const { memory, _start: start } = instance.exports;
    if (!(memory instanceof WebAssembly.Memory) || typeof start !== "function") throw new Error("Not a WASI command module (needs memory and _start).");
    this.memory = memory;
    try {
      (start as () => void)();
      this.returned = true;
      return 0;
    } catch (err) {
      if (err instanceof WasiExit) return err.code;
      throw err;
    }
  }

  private importObject: WebAssembly.Imports | null = null;

  get imports(): WebAssembly.Imports {
    this.importObject ??= { wasi_snapshot_preview1: this.functions() };
    return this.importObject;
  }

  private view(): DataView {
    if (!this.memory) throw new Error("WASI call before run()");
    return new DataView(this.memory.buffer);
  }

  private bytes(ptr: number, length: number): Uint8Array {
    if (!this.memory) throw new Error("WASI call before run()");
    return new Uint8Array(this.memory.buffer, ptr, length);
  }

  private functions(): Record<string, (...args: never[]) => number> {
    const encoder = new TextEncoder();
    const encodedArgs = this.args.map((a) => encoder.encode(`${a}\0`));
    return {
      args_sizes_get: (argc: number, bufSize: number) => {
        const view = this.view();
        view.setUint32(argc, encodedArgs.length, true);
        view.setUint32(bufSize, encodedArgs.reduce((n, a) => n + a.length, 0), true);
        return ERRNO_SUCCESS;
      },
      args_get: (argv: number, buf: number) => {
        const view = this.view();
        let at = buf;
        encodedArgs.forEach((arg, i) => {
          view.setUint32(argv + 4 * i, at, true);
          this.bytes(at, arg.length).set(arg);
          at += arg.length;
        });
        return ERRNO_SUCCESS;
      },
      clock_time_get: (_id: number, _precision: bigint, time: number) => {
        this.view().setBigUint64(time, BigInt(Date.now()) * 1_000_000n, true);
        return ERRNO_SUCCESS;
      },
      fd_prestat_get: (fd: number, prestat: number) => {
        if (fd !== ROOT_FD) return ERRNO_BADF;
        const view = this.view();
        view.setUint8(prestat, 0); // a directory
        view.setUint32(prestat + 4, 1, true); // name "/"
        return ERRNO_SUCCESS;
      },
      fd_prestat_dir_name: (fd: number, path: number, length: number) => {
        if (fd !== ROOT_FD) return ERRNO_BADF;
        if (length < 1) return ERRNO_INVAL;
        this.bytes(path, 1).set([0x2f]);
        return ERRNO_SUCCESS;
      },
      fd_fdstat_get: (fd: number, stat: number) => {
        let type: number;
        if (fd <= 2) type = FILETYPE_CHARACTER_DEVICE;
        else if (fd === ROOT_FD) type = FILETYPE_DIRECTORY;
        else if (this.open.has(fd)) type = FILETYPE_REGULAR_FILE;
        else return ERRNO_BADF;
        const view = this.view();
        view.setUint8(stat, type);
        view.setUint16(stat + 2, 0, true);
        view.setBigUint64(stat + 8, ALL_RIGHTS, true);
        view.setBigUint64(stat + 16, ALL_RIGHTS, true);
        return ERRNO_SUCCESS;
      },
      fd_fdstat_set_flags: (fd: number) => (fd <= ROOT_FD || this.open.has(fd) ? ERRNO_SUCCESS : ERRNO_BADF),
      path_open: (dirFd: number, _dirFlags: number, pathPtr: number, pathLength: number, oflags: number, _base: bigint, _inheriting: bigint, _fdFlags: number, fdOut: number) => {
        if (dirFd !== ROOT_FD) return ERRNO_BADF;
        const path = normalize(this.decoder.decode(this.bytes(pathPtr, pathLength).slice()));
        let file = this.store.get(path);
        if (!file || oflags & OFLAGS_TRUNC) {
          if (!file && !(oflags & OFLAGS_CREAT)) return ERRNO_NOENT;
          file = new MemoryFile();
          this.store.set(path, file);
        }
        const fd = this.nextFd++;
        this.open.set(fd, { path, file, position: 0 });
        this.view().setUint32(fdOut, fd, true);
        return ERRNO_SUCCESS;
      },
      fd_write: (fd: number, iovs: number, iovsLength: number, written: number) => {
        const view = this.view();
        let total = 0;
        const target = this.open.get(fd);
        if (fd !== 1 && fd !== 2 && !target) return ERRNO_BADF;
        for (let i = 0; i < iovsLength; i++) {
          const data = this.bytes(view.getUint32(iovs + 8 * i, true), view.getUint32(iovs + 8 * i + 4, true));
          if (target) {
            target.file.write(target.position, data);
            target.position += data.length;
          } else if (fd === 1) this.stdout += this.decoder.decode(data);
          else this.stderr += this.decoder.decode(data);
          total += data.length;
        }
        view.setUint32(written, total, true);
        return ERRNO_SUCCESS;
      },
      fd_read: (fd: number, iovs: number, iovsLength: number, read: number) => {
        const view = this.view();
        const source = this.open.get(fd);
        if (fd !== 0 && !source) return ERRNO_BADF;
        let total = 0;
        for (let i = 0; source && i < iovsLength; i++) {
          const length = view.getUint32(iovs + 8 * i + 4, true);
          const chunk = source.file.bytes.subarray(source.position, Math.min(source.file.length, source.position + length));
          this.bytes(view.getUint32(iovs + 8 * i, true), chunk.length).set(chunk);
          source.position += chunk.length;
          total += chunk.length;
          if (chunk.length < length) break;
        }
        view.setUint32(read, total, true);
        return ERRNO_SUCCESS;
      },
      fd_seek: (fd: number, offset: bigint, whence: number, newOffset: number) => {
        const target = this.open.get(fd);
        if (!target) return ERRNO_BADF;
        const base = whence === WHENCE_SET ? 0 : whence === WHENCE_CUR ? target.position : whence === WHENCE_END ? target.file.length : -1;
        const position = base + Number(offset);
        if (base < 0 || position < 0) return ERRNO_INVAL;
        target.position = position;
        this.view().setBigUint64(newOffset, BigInt(position), true);
        return ERRNO_SUCCESS;
      },
      fd_close: (fd: number) => (this.open.delete(fd) || fd <= ROOT_FD ? ERRNO_SUCCESS : ERRNO_BADF),
      proc_exit: (code: number) => {
        throw new WasiExit(code);
      },
    };
  }
}

function normalize(path: string): string {
  return path.replace(/^\/+/, "").replace(/^\.\//, "");
}
