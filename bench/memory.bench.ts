// Caller memory at call start (issue 42 §1): the greeting delay — from the end of the call's start
// (the Conversation is made with what the setup read) to the first greeting audio — with and without
// memory, in the same run, iterations interleaved, on the offline engine (the local dialogue manager's
// welcome back, its embedded voice). The D1 read itself runs beside the start's other checks
// (worker/call/setup/browser-start.ts), so it is not on this path. Also: the memory section's size in
// tokens (ceil(characters / 4)) for a typical memory and for a full one (the bound holds).
import type { MemoryKind, MemoryNote } from "../protocol/memory";
import { OfflineProvider } from "../worker/ai/offline/provider";
import { BUNDLED_VOICE } from "../worker/ai/offline/synth";
import type { Persona } from "../worker/ai/provider";
import { rankNotes } from "../worker/memory/rank";
import { Conversation } from "../worker/pipeline/conversation";
import { estimateTokens, MEMORY_SECTION_TOKENS, memorySection } from "../worker/pipeline/reply/memory-section";
import { type Figure, defineBench, stats } from "./support/bench";

const DAY = 86_400_000;
const NOW = Date.now();
const note = (kind: MemoryKind, subject: string, text: string, ago: number, expiresAt: number | null = null): MemoryNote => ({ kind, subject, text, saidAt: NOW - ago, expiresAt });

/** A name of letters only for greeting `i` ("Samab"): the welcome back names the caller, so each greeting is new speech. */
const nameFor = (i: number) => `Sam${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}`;
const typical = (name: string) => rankNotes(
  [
    note("person", "name", `My name is ${name}.`, 2 * DAY),
    note("person", "maria", "Maria is my sister.", 2 * DAY),
    note("event", "maria", "My sister Maria is getting married on Saturday and I dread the speech.", 2 * DAY, NOW - DAY),
    note("concern", "speech", "I dread the speech.", 2 * DAY),
    note("follow_up", "speech maria wedding", "Ask me about the speech at Maria's wedding next time.", 2 * DAY),
    note("mood", "last call", "In our last call I sounded anxious, then calm.", 2 * DAY),
  ],
  NOW,
);
const TYPICAL = typical("Sam");
const FULL = rankNotes(
  Array.from({ length: 200 }, (_, i) => note(i % 3 === 0 ? "preference" : i % 3 === 1 ? "person" : "concern", `subject ${i}`, `I said something quite specific about topic number ${i} in an earlier call.`, i * 3600_000)),
  NOW,
);

async function greetingDelay(name: string, memory: MemoryNote[] | undefined): Promise<number> {
  const persona: Persona = { name, description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" };
  let resolve: (t: number) => void = () => undefined;
  const heard = new Promise<number>((r) => (resolve = r));
  const t0 = performance.now();
  const conversation = new Conversation({
    provider: new OfflineProvider(),
    persona,
    fallbackVoice: BUNDLED_VOICE,
    ...(memory ? { memory } : {}),
    trail: { info: () => undefined, error: (record) => console.error(JSON.stringify(record)) },
    emit: (event) => {
      if (event.type === "assistant_audio") resolve(performance.now());
    },
  });
  conversation.greet();
  const t1 = await heard;
  await conversation.close();
  return t1 - t0;
}

export default defineBench({
  name: "memory",
  async run(ctx) {
    const without: number[] = [];
    const withMemory: number[] = [];
    // A new Echo name each time, so the embedded voice's memo never answers from an earlier greeting.
    // Likewise the caller's name in the welcome back.
    for (let i = 0; i < 5; i++) await greetingDelay(`Warm${i}`, i % 2 ? typical(nameFor(600 + i)) : undefined);
    for (let i = 0; i < 60; i++) {
      without.push(await greetingDelay(`Plain${i}`, undefined));
      withMemory.push(await greetingDelay(`Known${i}`, typical(nameFor(i))));
    }
    const a = stats(without);
    const b = stats(withMemory);
    ctx.log(`offline engine, ${a.n} greetings each way, interleaved; greeting with memory: welcome back by name and the open follow-up`);
    const typicalTokens = estimateTokens(memorySection(TYPICAL, NOW));
    const full = estimateTokens(memorySection(FULL, NOW));
    const figures: Figure[] = [
      { name: "greeting delay without memory, p50", value: a.p50, unit: "ms" },
      { name: "greeting delay without memory, p95", value: a.p95, unit: "ms" },
      { name: "greeting delay with memory, p50", value: b.p50, unit: "ms" },
      { name: "greeting delay with memory, p95", value: b.p95, unit: "ms" },
      { name: "greeting delay added by memory, p50", value: b.p50 - a.p50, unit: "ms", target: { kind: "max", value: 20 } },
      { name: "memory section, typical memory (6 facts)", value: typicalTokens, unit: "tokens", target: { kind: "max", value: MEMORY_SECTION_TOKENS } },
      { name: "memory section, full memory (200 facts kept)", value: full, unit: "tokens", target: { kind: "max", value: MEMORY_SECTION_TOKENS } },
    ];
    return figures;
  },
});
