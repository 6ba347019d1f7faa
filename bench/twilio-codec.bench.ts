// Phone audio transcoding cost per 20 ms frame, in and out, measured in this process (Node, same V8 as
// workerd), and compared with the `alawmulaw` package's μ-law codec measured in the same run.
//   in:  decode 160 μ-law bytes + upsample 8 → 16 kHz (320 samples)
//   out: downsample 16 → 8 kHz (320 → 160 samples) + encode 160 μ-law bytes
// Target (issue 6): ≤ 5 µs per frame pair (in + out).
import * as alawmulawModule from "alawmulaw";
import { decodeMulaw, encodeMulaw } from "../worker/audio/mulaw";
import { Downsampler16to8, Upsampler8to16 } from "../worker/audio/resample";
import { defineBench, type Figure } from "./support/bench";

/** The `alawmulaw` package (a UMD bundle under Node, ES modules under Vite). */
const alawmulaw: Pick<typeof alawmulawModule, "mulaw"> =
  "mulaw" in alawmulawModule && alawmulawModule.mulaw ? alawmulawModule : (alawmulawModule as unknown as { default: Pick<typeof alawmulawModule, "mulaw"> }).default;

const FRAMES = 200_000;
const ROUNDS = 5;

/** Best of `ROUNDS` rounds of `FRAMES` calls, in µs per call. */
function perFrameUs(fn: () => void): number {
  for (let i = 0; i < 20_000; i++) fn(); // warm up the JIT
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < FRAMES; i++) fn();
    best = Math.min(best, ((performance.now() - t0) * 1000) / FRAMES);
  }
  return best;
}

/** 20 ms of a speech-like signal (two tones and noise) at 8 kHz, as μ-law. */
function testFrame(): { codes: Uint8Array; pcm16k: Int16Array } {
  const pcm8 = Int16Array.from({ length: 160 }, (_, i) =>
    Math.round(6000 * Math.sin((2 * Math.PI * 220 * i) / 8000) + 3000 * Math.sin((2 * Math.PI * 1700 * i) / 8000) + 500 * (Math.random() - 0.5)),
  );
  const pcm16k = Int16Array.from({ length: 320 }, (_, i) => pcm8[i >> 1]!);
  return { codes: encodeMulaw(pcm8), pcm16k };
}

export default defineBench({
  name: "twilio-codec",
  async run(ctx) {
    const { codes, pcm16k } = testFrame();
    const up = new Upsampler8to16();
    const down = new Downsampler16to8();
    const pcm8 = new Int16Array(160);
    const out16 = new Int16Array(320);
    const out8 = new Int16Array(160);
    const outCodes = new Uint8Array(160);

    const inUs = perFrameUs(() => up.process(decodeMulaw(codes, pcm8), out16));
    const outUs = perFrameUs(() => encodeMulaw(down.process(pcm16k, out8), outCodes));
    const decodeUs = perFrameUs(() => decodeMulaw(codes, pcm8));
    const encodeUs = perFrameUs(() => encodeMulaw(out8, outCodes));
    const refDecodeUs = perFrameUs(() => alawmulaw.mulaw.decode(codes));
    const refEncodeUs = perFrameUs(() => alawmulaw.mulaw.encode(out8));
    // The same frame pair with alawmulaw's codec around our resampler.
    const refPairUs =
      perFrameUs(() => up.process(alawmulaw.mulaw.decode(codes), out16)) + perFrameUs(() => alawmulaw.mulaw.encode(down.process(pcm16k, out8)));
    ctx.log(`node ${process.version}; best of ${ROUNDS} × ${FRAMES} frames`);

    const pair = inUs + outUs;
    const figures: Figure[] = [
      { name: "frame in: μ-law decode 160 B + upsample → 320", value: inUs, unit: "µs" },
      { name: "frame out: downsample 320 → 160 + μ-law encode", value: outUs, unit: "µs" },
      { name: "frame pair (in + out)", value: pair, unit: "µs", target: { kind: "max", value: 5 } },
      { name: "μ-law decode 160 B (ours)", value: decodeUs * 1000, unit: "ns" },
      { name: "μ-law decode 160 B (alawmulaw)", value: refDecodeUs * 1000, unit: "ns" },
      { name: "μ-law decode: alawmulaw time / ours", value: refDecodeUs / decodeUs, unit: "×" },
      { name: "μ-law encode 160 samples (ours)", value: encodeUs * 1000, unit: "ns" },
      { name: "μ-law encode 160 samples (alawmulaw)", value: refEncodeUs * 1000, unit: "ns" },
      { name: "μ-law encode: alawmulaw time / ours", value: refEncodeUs / encodeUs, unit: "×" },
      { name: "frame pair with alawmulaw's codec", value: refPairUs, unit: "µs" },
      { name: "frame pair: ours / with alawmulaw", value: pair / refPairUs, unit: "×" },
    ];
    return figures;
  },
});
