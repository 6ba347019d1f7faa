// Which runtime objects workerd makes, and for what: every object of the runtime's C++ heap that gets a
// JavaScript wrapper (a message event, a promise of an I/O, a Response…) passes through
// `jsg::HeapTracer::allocateShim`. A perf uprobe there, with call chains, counts them by what made them.
// They matter at load because V8's young collections cannot free them (only a full collection can), and
// each full collection begins by running the destructors of the ones that died since the last.
// Linux only, needs perf and the right to probe (root, or perf_event_paranoid ≤ 1 with uprobes allowed).
import { execFile } from "node:child_process";
import { mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** workerd's wrapper allocation, mangled (perf probe does not take the demangled C++ name). */
export const WRAPPER_SYMBOL = "_ZN7workerd3jsg10HeapTracer12allocateShimERNS0_9WrappableEN2v817CppHeapPointerTagE";
const PROBE = "echo_wrapper";
/** perf names a uprobe's group after the probed binary's file name. */
const PROBE_GROUP = "probe_workerd";

/** `perf script -F ip,sym` output: one call chain per sample (leaf first), function names only. */
export function parseCallChains(text: string): string[][] {
  const chains: string[][] = [];
  let chain: string[] = [];
  for (const line of text.split("\n")) {
    const frame = line.trim();
    if (!frame) {
      if (chain.length) chains.push(chain);
      chain = [];
      continue;
    }
    const space = frame.indexOf(" ");
    chain.push(space < 0 ? frame : frame.slice(space + 1));
  }
  if (chain.length) chains.push(chain);
  return chains;
}

/**
 * What made a wrapper, named by the runtime entry point nearest to the allocation (a send made inside a
 * message handler is a send, not the message's dispatch).
 */
const SOURCES: [RegExp, string][] = [
  [/LegacyWebSocketAdapter::ensurePumping|workerd::api::WebSocket::send\b/, "WebSocket send: its write pump and the promise it awaits"],
  [/Promise<kj::Maybe<kj::Exception> >::Resolver::resolve/, "an awaited I/O completing (each WebSocket send's among them)"],
  [/EventTarget::dispatchEventImpl/, "event dispatch: a WebSocket message (or close, error…)"],
  [/workerd::api::fetchImpl|ServiceWorkerGlobalScope::request|FetchEvent::respondWith/, "fetch and requests (local D1 goes through them)"],
  [/Tracing::enterSpan|user_tracing::/, "tracing spans (D1's binding makes them)"],
];

/** Frames that only carry a wrapper to the heap, skipped when naming an unknown source. */
const PLUMBING = /allocateShim|attachWrapper|attachOpaqueWrapper|MakeGarbageCollected|jsg::wrapOpaque|TypeWrapper|jsg::Wrappable|withinHandleScope|^v8::|cppgc|^Builtins_/;

/** The source of one allocation: a known entry point, else its first runtime frame and first JS frame. */
export function wrapperSource(chain: readonly string[]): string {
  for (const frame of chain) for (const [pattern, name] of SOURCES) if (pattern.test(frame)) return name;
  const runtime = chain.slice(1).find((f) => !PLUMBING.test(f) && !f.startsWith("JS:")) ?? "?";
  const js = chain.find((f) => f.startsWith("JS:"));
  return `${runtime.replace(/\(.*$/, "").slice(0, 90)}${js ? ` ← ${js.slice(3).trim()}` : ""}`;
}

export interface CensusLine {
  source: string;
  count: number;
  share: number;
}

/** Allocations by source, most first. */
export function census(chains: readonly (readonly string[])[]): CensusLine[] {
  const counts = new Map<string, number>();
  for (const chain of chains) {
    const source = wrapperSource(chain);
    counts.set(source, (counts.get(source) ?? 0) + 1);
  }
  return [...counts]
    .map(([source, count]) => ({ source, count, share: count / Math.max(1, chains.length) }))
    .sort((a, b) => b.count - a.count);
}

/** Records every wrapper allocation of process `pid` for `seconds` (call chains included) and takes the census. */
export async function recordWrapperCensus(pid: number, seconds: number): Promise<{ total: number; lines: CensusLine[] }> {
  const binary = readlinkSync(`/proc/${pid}/exe`);
  try {
    await run("perf", ["probe", "-x", binary, "--no-demangle", "-a", `${PROBE}=${WRAPPER_SYMBOL}`]);
  } catch (err) {
    // Already there from an earlier run is fine; anything else (no perf, no right to probe) is not.
    if (!/already exists/.test(String((err as { stderr?: string }).stderr ?? err))) throw new Error(`perf probe failed (perf installed? root?): ${String(err)}`);
  }
  const dir = mkdtempSync(join(tmpdir(), "echo-census-"));
  try {
    const data = join(dir, "perf.data");
    await run("perf", ["record", "-q", "-e", `${PROBE_GROUP}:${PROBE}`, "-g", "-p", String(pid), "-o", data, "--", "sleep", String(seconds)]);
    const { stdout } = await run("perf", ["script", "-i", data, "-F", "ip,sym"], { maxBuffer: 2 ** 30 });
    const chains = parseCallChains(stdout);
    return { total: chains.length, lines: census(chains) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
