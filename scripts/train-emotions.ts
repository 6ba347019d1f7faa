// `npm run train:emotions -- <GoEmotions Ekman folder> [--check]`: trains the words emotion model
// (worker/emotion/) from the data set's train split, read from the folder given (e.g.
// ../shared/data/goemotions-ekman; the data never enters the repository), and writes what it learned:
// worker/emotion/words-weights.json (the weights the Worker bundles) and words-figures.json (the
// held-out choices and, when the folder has the dev split, the dev figures beside the old lexicon's).
// Seeded and deterministic: --check retrains and compares with the committed weights (exit 1 if they
// differ) without writing anything. Settings: scripts/emotion/words-training.ts DEFAULT_SETTINGS.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { EmotionScores } from "../protocol/call-messages";
import { decodeWeights } from "../worker/emotion/weights-format";
import { softmax, toScores, wordsEmotions } from "../worker/emotion/words-model";
import { topsWith } from "./emotion/calibrate";
import { hasSplit, readSplit } from "./emotion/goemotions";
import { lexiconEmotions } from "./emotion/lexicon";
import { blendScores, tuneBlend } from "./emotion/lexicon-blend";
import { evaluate, formatEvaluation, topEmotion, type Evaluation } from "./emotion/metrics";
import { chooseSettings, DEFAULT_SETTINGS, featurize, fitFinal, quantize, rowLogits } from "./emotion/words-training";

const OUT_DIR = join(import.meta.dirname, "..", "worker", "emotion");
const WEIGHTS_PATH = join(OUT_DIR, "words-weights.json");
const FIGURES_PATH = join(OUT_DIR, "words-figures.json");

const args = process.argv.slice(2);
const check = args.includes("--check");
const dataDir = args.find((a) => !a.startsWith("--"));
if (!dataDir) {
  console.error("usage: npm run train:emotions -- <folder with GoEmotions Ekman train.tsv, dev.tsv, labels.txt> [--check]");
  process.exit(2);
}
if (!hasSplit(dataDir, "train")) {
  console.error(`${dataDir} has no train.tsv and labels.txt (GoEmotions, Ekman labels): nothing to train on. The committed weights stay as they are.`);
  process.exit(2);
}

const log = (m: string) => console.log(m);
const started = performance.now();
const settings = DEFAULT_SETTINGS;
const train = featurize(readSplit(dataDir, "train"));
log(`train: ${train.length} lines from ${dataDir}; seed ${settings.seed}; choosing settings on ${Math.round(settings.heldOutShare * 100)} % held out`);

const { chosen, heldOut, heldOutLogits } = chooseSettings(train, settings, log);
log(`chosen: l2 ${chosen.l2}, class weight power ${chosen.classWeightPower}, offsets ${chosen.offsets.join(" ")}, sharpness ${chosen.sharpness}`);

// Does the lexicon help? The blend's share is chosen on the held-out lines, with the held-out model.
const heldOutModel = heldOutLogits.map((z) => toScores(softmax(z.map((v, c) => chosen.sharpness * (v + (chosen.offsets[c] ?? 0))))));
const heldOutLexicon = heldOut.map((r) => lexiconEmotions(r.text));
const blend = tuneBlend(heldOutModel, heldOutLexicon, heldOut.map((r) => r.labels));
log(`lexicon blend on held out: ${blend.tried.map((t) => `share ${t.share} → ${t.macroF1.toFixed(4)}`).join(", ")}`);

const { model, vocab } = fitFinal(train, settings, chosen);
const file = quantize(model, vocab, chosen, settings.prune);
const json = `${JSON.stringify(file, null, 1)}\n`;
const sha256 = createHash("sha256").update(json).digest("hex");
const features = file.features.split("\n").length;
const gzipBytes = gzipSync(json, { level: 9 }).length;
log(`weights: ${vocab.length} features trained, ${features} kept; ${json.length} B, ${gzipBytes} B gzip; sha256 ${sha256}`);
log(`trained in ${((performance.now() - started) / 1000).toFixed(1)} s`);

if (check) {
  const committed = existsSync(WEIGHTS_PATH) ? readFileSync(WEIGHTS_PATH, "utf8") : "";
  const committedSha = createHash("sha256").update(committed).digest("hex");
  if (committed !== json) {
    console.error(`--check: the retrained weights (sha256 ${sha256}) differ from the committed ${WEIGHTS_PATH} (sha256 ${committedSha}).`);
    process.exit(1);
  }
  log(`--check: the retrained weights are the committed ones (sha256 ${sha256}).`);
  process.exit(0);
}

let dev: Record<string, Evaluation | number> | string = "no dev split in the folder";
if (hasSplit(dataDir, "dev")) {
  const devLines = readSplit(dataDir, "dev");
  const gold = devLines.map((l) => l.labels);
  const weights = decodeWeights(file);
  const ours: EmotionScores[] = devLines.map((l) => wordsEmotions(l.text, weights));
  const lexicon = devLines.map((l) => lexiconEmotions(l.text));
  // The same model before int8 quantisation and pruning: what they cost.
  const float = rowLogits(model, vocab, featurize(devLines)).map((z) => topsWith([z], chosen.offsets)[0]!);
  const figures = {
    wordsModel: evaluate(ours.map(topEmotion), gold),
    wordsModelUnquantized: evaluate(float, gold),
    lexicon: evaluate(lexicon.map(topEmotion), gold),
    lexiconBlend: evaluate(ours.map((s, i) => topEmotion(blendScores(s, lexicon[i] ?? {}, blend.share))), gold),
  };
  for (const [name, ev] of Object.entries(figures)) for (const line of formatEvaluation(`dev ${name}`, ev)) log(line);
  dev = { ...figures, lexiconBlendShare: blend.share };
}

writeFileSync(WEIGHTS_PATH, json);
const summary = {
  data: "GoEmotions (Demszky et al., ACL 2020), Ekman labels; disgust → anger, neutral → calm",
  trainLines: train.length,
  settings,
  chosen,
  lexiconBlendOnHeldOut: blend,
  weights: { featuresTrained: vocab.length, featuresKept: features, bytes: json.length, gzipBytes, sha256 },
  dev,
};
writeFileSync(FIGURES_PATH, `${JSON.stringify(summary, (_, v: unknown) => (typeof v === "number" ? Math.round(v * 10000) / 10000 : v), 1)}\n`);
log(`wrote ${WEIGHTS_PATH} and ${FIGURES_PATH}`);
