import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GcPause, largestIsolate, lineBufferedEnv, parseGcLine, summarizeGc, traceWorkerdGc } from "../../../../bench/diagnostics/workerd-gc";

// Lines as local workerd's V8 prints them with --trace-gc (copied from a twilio-calls run).
const FULL = "[22274:0x32d53fc7a000]     9875 ms: Mark-Compact 49.1 (64.9) -> 14.6 (64.9) MB, pooled: 0.0 MB, 25.69 / 0.00 ms (average mu = 0.997, current mu = 0.997) allocation limit; GC in old space requested";
const YOUNG = "[22274:0x32d53fc7a000]    17851 ms: Scavenge 79.8 (110.2) -> 64.9 (115.7) MB, pooled: 0.0 MB, 12.34 / 0.00 ms (average mu = 1.000, current mu = 1.000) allocation failure;";
const OLDER_V8 = "[22465:0x21114d30]      841 ms: Scavenge 23.6 (45.1) -> 11.0 (45.1) MB, 0.62 / 0.00 ms  (average mu = 1.000, current mu = 1.000) task;";

describe("workerd GC trace", () => {
  it("reads the pause and its kind from V8's --trace-gc lines", () => {
    expect(parseGcLine(FULL, 1)).toEqual({ at: 1, kind: "full", ms: 25.69, isolate: "0x32d53fc7a000", heapMb: 49.1 });
    expect(parseGcLine(YOUNG, 2)).toEqual({ at: 2, kind: "young", ms: 12.34, isolate: "0x32d53fc7a000", heapMb: 79.8 });
    expect(parseGcLine(OLDER_V8, 3)).toEqual({ at: 3, kind: "young", ms: 0.62, isolate: "0x21114d30", heapMb: 23.6 });
    // --trace-gc-nvp's form names the isolate too ([pid:isolate:thread]).
    expect(parseGcLine(`[16915:0x52913fc7e000:0] ${FULL.slice(FULL.indexOf("]") + 1)}`, 4)?.isolate).toBe("0x52913fc7e000");
    expect(parseGcLine(FULL.slice(FULL.indexOf("]") + 1), 5)?.isolate).toBe("");
  });

  it("ignores every other log line", () => {
    expect(parseGcLine("twilio stream abc ended (caller_hung_up): frames in 1100, missing 0, out 545; lag p50 1 ms, p99 30 ms; start 13 ms", 1)).toBeNull();
    expect(parseGcLine("Memory pool: Removed pages: 0, removed large pages: 0", 1)).toBeNull();
  });

  const NONE = { longCount: 0, fullCount: 0, fullMaxMs: 0, fullTotalMs: 0, youngCount: 0, youngMaxMs: 0, youngTotalMs: 0 };

  it("summarizes the pauses inside a time window only", () => {
    const pauses: GcPause[] = [
      { at: 5, kind: "full", ms: 99, isolate: "0xa", heapMb: 40 },
      { at: 10, kind: "full", ms: 40, isolate: "0xa", heapMb: 40 },
      { at: 20, kind: "young", ms: 12, isolate: "0xa", heapMb: 40 },
      { at: 25, kind: "young", ms: 20, isolate: "0xa", heapMb: 40 },
      { at: 30, kind: "full", ms: 60, isolate: "0xa", heapMb: 40 },
      { at: 31, kind: "young", ms: 3, isolate: "0xa", heapMb: 40 },
      { at: 50, kind: "full", ms: 70, isolate: "0xa", heapMb: 40 },
    ];
    // Long pauses: 40, 20 (young, exactly the line) and 60; not 12 or 3.
    expect(summarizeGc(pauses, 10, 31)).toEqual({ longCount: 3, fullCount: 2, fullMaxMs: 60, fullTotalMs: 100, youngCount: 3, youngMaxMs: 20, youngTotalMs: 35, elsewhere: NONE });
    expect(summarizeGc(pauses, 100, 200)).toEqual({ ...NONE, elsewhere: NONE });
  });

  it("tells the app's isolate (the largest heap) from workerd's others, which may collect more often", () => {
    const app = (at: number, kind: "full" | "young", ms: number): GcPause => ({ at, kind, ms, isolate: "0xapp", heapMb: 45 });
    const service = (at: number, kind: "full" | "young", ms: number): GcPause => ({ at, kind, ms, isolate: "0xd1", heapMb: kind === "full" ? 32.8 : 6 });
    const pauses = [service(0, "young", 1), app(1, "young", 5), service(2, "young", 2), app(3, "young", 25), app(4, "full", 60), service(5, "full", 158), service(6, "young", 4), service(7, "young", 1)];
    expect(largestIsolate(pauses)).toBe("0xapp");
    expect(largestIsolate([])).toBeNull();
    const summary = summarizeGc(pauses, 0, 10);
    // All of them count (every isolate's pause holds up the calls on the one thread)…
    expect(summary).toMatchObject({ fullCount: 2, fullMaxMs: 158, youngCount: 6, longCount: 3 });
    // …and those outside the app's isolate are named apart.
    expect(summary.elsewhere).toEqual({ longCount: 1, fullCount: 1, fullMaxMs: 158, fullTotalMs: 158, youngCount: 4, youngMaxMs: 4, youngTotalMs: 8 });
    // A window holding only the service's pauses: the app is still the largest heap seen so far.
    expect(summarizeGc(pauses, 5, 7).elsewhere).toMatchObject({ fullCount: 1, youngCount: 2 });
  });

  it("preloads coreutils' stdbuf library after any library already preloaded, or says it has none", () => {
    const library = join(mkdtempSync(join(tmpdir(), "stdbuf-")), "libstdbuf.so");
    writeFileSync(library, "");
    expect(lineBufferedEnv({}, ["/nonexistent/libstdbuf.so", library])).toEqual({ LD_PRELOAD: library, _STDBUF_O: "L", _STDBUF_E: "L" });
    expect(lineBufferedEnv({ LD_PRELOAD: "/lib/other.so" }, [library])?.LD_PRELOAD).toBe(`/lib/other.so ${library}`);
    expect(lineBufferedEnv({}, ["/nonexistent/libstdbuf.so"])).toBeNull();
  });

  it("sets the trace flag and line buffering for the processes started meanwhile, then restores the environment", () => {
    const before = { ...process.env };
    const warnings: string[] = [];
    const untrace = traceWorkerdGc((m) => warnings.push(m));
    expect(process.env.MINIFLARE_WORKERD_V8_FLAGS).toContain("--trace-gc");
    if (lineBufferedEnv(before)) expect(process.env._STDBUF_O).toBe("L");
    else expect(warnings).toHaveLength(1);
    untrace();
    expect(process.env).toEqual(before);
  });

  /** The first output of `sed` (C stdio, block-buffered into a pipe) while its input is still open. */
  function firstOutputBeforeEnd(env: NodeJS.ProcessEnv): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const child = spawn("sed", ["s/^/got /"], { env, stdio: ["pipe", "pipe", "inherit"] });
      let out = "";
      const timer = setTimeout(() => child.stdin.end(), 1000);
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (!child.stdin.writableEnded) {
          clearTimeout(timer);
          child.kill();
          resolve(out);
        }
      });
      child.on("error", reject);
      child.on("close", () => resolve(null));
      child.stdin.write("a line\n");
    });
  }

  it.skipIf(!lineBufferedEnv(process.env))("makes a stdio program's lines arrive as it writes them, not when it exits", async () => {
    expect(await firstOutputBeforeEnd(process.env)).toBeNull();
    expect(await firstOutputBeforeEnd({ ...process.env, ...lineBufferedEnv(process.env) })).toBe("got a line\n");
  });
});
