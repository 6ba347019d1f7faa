// The wrapper census's reading of perf's call chains: chains as `perf script -F ip,sym` prints them
// (abridged from a real recording at 100 talking calls), each named by the nearest runtime entry point.
import { describe, expect, it } from "vitest";
import { census, parseCallChains, wrapperSource } from "../../../../bench/diagnostics/wrapper-census";

const SHIM = ["\t 3a28960 workerd::jsg::HeapTracer::allocateShim", "\t 3a29b19 workerd::jsg::Wrappable::attachWrapper", "\t 3a29e99 workerd::jsg::Wrappable::attachOpaqueWrapper"];
/** A send made inside the message handler of an inbound frame. */
const SEND = [
  ...SHIM,
  "\t 24a25e2 workerd::jsg::Promise<kj::Maybe<kj::Exception> >::thenImpl<void>(workerd::jsg::Lock&)",
  "\t 249e27a workerd::IoContext::awaitIoImpl<void, kj::Maybe<kj::Rc<workerd::InputGate::CriticalSection> > >",
  "\t 3431942 workerd::api::LegacyWebSocketAdapter::ensurePumping",
  "\t 3426469 workerd::api::WebSocket::send",
  "\t 3b4e29a Builtins_CallApiCallbackOptimizedNoProfiling",
  "\t 55ae77578f41 JS:+'sendMedia index.js:23975:11",
  "\t 55ae775eeeec JS:* index.js:24078:34",
  "\t 315663f workerd::api::EventTarget::dispatchEventImpl(workerd::jsg::Lock&, workerd::jsg::Ref<workerd::api::Event>)",
];
/** The send's promise resolved when the write is done: no send in its chain. */
const SENT = [...SHIM, "\t 24a1773 workerd::jsg::Promise<kj::Maybe<kj::Exception> >::Resolver::resolve<kj::Maybe<kj::Exception>, void>(workerd::jsg::Lock&)", "\t 2fdf710 workerd::IoContext::runImpl"];
/** An inbound frame's message event. */
const MESSAGE = [...SHIM, "\t 31483e8 workerd::api::EventTarget::dispatchEventImpl", "\t 34341a8 workerd::api::(anonymous namespace)::dispatchWithFailFast"];
/** Something the table does not know: named by its first runtime frame and its first JS frame. */
const OTHER = [...SHIM, "\t 3b4e29a Builtins_CallApiCallbackGeneric", "\t 1234 workerd::api::AbortController::constructor(workerd::jsg::Lock&)", "\t 55ae7 JS:+'deadlineController index.js:20695:28"];

const script = (...chains: string[][]) => chains.map((c) => `${c.join("\n")}\n`).join("\n");

describe("wrapper census", () => {
  it("reads one call chain per sample, leaf first, function names only", () => {
    const chains = parseCallChains(script(MESSAGE, SENT));
    expect(chains).toHaveLength(2);
    expect(chains[0]![0]).toBe("workerd::jsg::HeapTracer::allocateShim");
    expect(chains[0]!.at(-1)).toBe("workerd::api::(anonymous namespace)::dispatchWithFailFast");
    expect(parseCallChains("\n\n")).toEqual([]);
  });

  it("names each allocation by the runtime entry point nearest to it", () => {
    const [send, sent, message, other] = parseCallChains(script(SEND, SENT, MESSAGE, OTHER));
    // The send happened inside a message's dispatch: it is counted as the send.
    expect(wrapperSource(send!)).toMatch(/^WebSocket send/);
    expect(wrapperSource(sent!)).toMatch(/^an awaited I\/O completing/);
    expect(wrapperSource(message!)).toMatch(/^event dispatch/);
    expect(wrapperSource(other!)).toBe("workerd::api::AbortController::constructor ← +'deadlineController index.js:20695:28");
  });

  it("counts by source, most first, with shares of all allocations", () => {
    const lines = census(parseCallChains(script(MESSAGE, MESSAGE, MESSAGE, SEND, SENT)));
    expect(lines.map((l) => [l.source.split(":")[0], l.count])).toEqual([
      ["event dispatch", 3],
      ["WebSocket send", 1],
      ["an awaited I/O completing (each WebSocket send's among them)", 1],
    ]);
    expect(lines[0]!.share).toBeCloseTo(0.6);
  });
});
