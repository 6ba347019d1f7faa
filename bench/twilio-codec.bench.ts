// Phone audio transcoding cost per 20 ms frame, in and out, measured in this process (Node, same V8 as
// workerd), and compared with the `alawmulaw` package's μ-law codec measured in the same run.
//   in:  decode 160 μ-law bytes + upsample 8 → 16 kHz (320 samples)
//   out: downsample 16 → 8 kHz (320 → 160 samples, a frame's range of a one-second sentence, as the
//        phone line converts a reply message by message) + encode 160 μ-law bytes
// Targets that hold across machines (issue 11):
//  • our μ-law decode + encode of the frame ≤ 0.5× the time of alawmulaw's, same run (a codec of our
//    own is worth keeping only while it is clearly faster than the well-kept library);
//  • capacity: phone calls one core can transcode in real time (one frame pair per 20 ms per call)
//    ≥ 1000, so at the twilio-calls bench's 100-call target the codec takes ≤ 10 % of a core.
// The absolute frame-pair time (issue 6 asked ≤ 5 µs on the development machine) is printed for
// information: it measured 4.35 µs and 9.95 µs on two machines of the same kind.
import * as alawmulawModule from "alawmulaw";
import { decodeMulaw, encodeMulaw } from "../worker/audio/mulaw";
import { downsample16to8Range, Upsampler8to16 } from "../worker/audio/resample";
import { defineBench, type Figure, ratioFigure } from "./support/bench";

/** The `alawmulaw` package (a UMD bundle under Node, ES modules under Vite). */
const alawmulaw: Pick<typeof alawmulawModule, "mulaw"> =
  "mulaw" in alawmulawModule && alawmulawModule.mulaw ? alawmulawModule : (alawmulawModule as unknown as { default: Pick<typeof alawmulawModule, "mulaw"> }).default;

/** TWILIO_CODEC_FRAMES: calls per round (fewer for a quick check). */
const FRAMES = Number(process.env.TWILIO_CODEC_FRAMES ?? 200_000);
const ROUNDS = 5;
const FRAME_MS = 20;
const TARGET_CODEC_RATIO = 0.5;
const TARGET_CALLS_PER_CORE = 1000;

/** Best of `ROUNDS` rounds of `FRAMES` calls, in µs per call. */
function perFrameUs(fn: () => void): number {
  for (let i = 0; i < Math.min(20_000, FRAMES); i++) fn(); // warm up the JIT
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
    // A one-second sentence of that frame; "out" converts its frames in turn (the filter reaching into
    // the frames on either side, as it does in a reply), never its first or last.
    const sentence = new Int16Array(50 * 320);
    for (let f = 0; f < 50; f++) sentence.set(pcm16k, f * 320);
    let outFrame = 0;
    const frameOut = (out: Int16Array) => downsample16to8Range(sentence, 160 * (1 + (outFrame++ % 48)), out);
    const up = new Upsampler8to16();
    const pcm8 = new Int16Array(160);
    const out16 = new Int16Array(320);
    const out8 = new Int16Array(160);
    const outCodes = new Uint8Array(160);

    const inUs = perFrameUs(() => up.process(decodeMulaw(codes, pcm8), out16));
    const outUs = perFrameUs(() => encodeMulaw(frameOut(out8), outCodes));
    const decodeUs = perFrameUs(() => decodeMulaw(codes, pcm8));
    const encodeUs = perFrameUs(() => encodeMulaw(out8, outCodes));
    const refDecodeUs = perFrameUs(() => alawmulaw.mulaw.decode(codes));
    const refEncodeUs = perFrameUs(() => alawmulaw.mulaw.encode(out8));
    // The same frame pair with alawmulaw's codec around our resampler.
    const refPairUs =
      perFrameUs(() => up.process(alawmulaw.mulaw.decode(codes), out16)) + perFrameUs(() => alawmulaw.mulaw.encode(frameOut(out8)));
    ctx.log(`node ${process.version}; best of ${ROUNDS} × ${FRAMES} frames`);

    const pair = inUs + outUs;
    const figures: Figure[] = [
      { name: "frame in: μ-law decode 160 B + upsample → 320", value: inUs, unit: "µs" },
      { name: "frame out: downsample 320 → 160 + μ-law encode", value: outUs, unit: "µs" },
      { name: "frame pair (in + out)", value: pair, unit: "µs" },
      {
        name: `capacity: calls one core transcodes in real time (${FRAME_MS} ms / frame pair)`,
        value: Math.floor((FRAME_MS * 1000) / pair),
        unit: "calls",
        target: { kind: "min", value: TARGET_CALLS_PER_CORE },
      },
      { name: "μ-law decode 160 B (ours)", value: decodeUs * 1000, unit: "ns" },
      { name: "μ-law decode 160 B (alawmulaw)", value: refDecodeUs * 1000, unit: "ns" },
      { name: "μ-law decode: alawmulaw time / ours", value: refDecodeUs / decodeUs, unit: "×" },
      { name: "μ-law encode 160 samples (ours)", value: encodeUs * 1000, unit: "ns" },
      { name: "μ-law encode 160 samples (alawmulaw)", value: refEncodeUs * 1000, unit: "ns" },
      { name: "μ-law encode: alawmulaw time / ours", value: refEncodeUs / encodeUs, unit: "×" },
      { name: "frame pair with alawmulaw's codec", value: refPairUs, unit: "µs" },
      ratioFigure("μ-law decode + encode of a frame: ours / alawmulaw", decodeUs + encodeUs, refDecodeUs + refEncodeUs, TARGET_CODEC_RATIO),
      { name: "frame pair: ours / with alawmulaw", value: pair / refPairUs, unit: "×" },
      { name: "frame pair: ours / alawmulaw decode + encode alone", value: pair / (refDecodeUs + refEncodeUs), unit: "×" },
    ];
    return figures;
  },
});
