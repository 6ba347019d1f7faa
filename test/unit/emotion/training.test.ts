// The words model's training (scripts/train-emotions.ts, scripts/emotion/) is reproducible: the
// committed weights are the ones its last run recorded (words-figures.json), and, when the data set is
// on this machine (../shared/data/goemotions-ekman), training twice on part of it with the same seed
// writes the same weights byte for byte. The full retrain-and-compare is
// `npm run train:emotions -- ../shared/data/goemotions-ekman --check` (~20 s, too slow for a unit test).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EMOTIONS } from "../../../protocol/call-messages";
import { hasSplit, readSplit } from "../../../scripts/emotion/goemotions";
import { chooseSettings, DEFAULT_SETTINGS, featurize, fitFinal, quantize } from "../../../scripts/emotion/words-training";
import { decodeWeights } from "../../../worker/emotion/weights-format";
import FIGURES from "../../../worker/emotion/words-figures.json";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const DATA = join(ROOT, "..", "shared", "data", "goemotions-ekman");
const dataHere = hasSplit(DATA, "train");

describe("words model training", () => {
  it("the committed weights are the ones the training run recorded, and they decode", () => {
    const json = readFileSync(join(ROOT, "worker", "emotion", "words-weights.json"), "utf8");
    expect(createHash("sha256").update(json).digest("hex")).toBe(FIGURES.weights.sha256);
    const weights = decodeWeights(JSON.parse(json));
    expect(weights.rows.size).toBe(FIGURES.weights.featuresKept);
    expect(weights.bias.length).toBe(EMOTIONS.length);
  });

  it.skipIf(!dataHere)(`trains the same weights twice from the same seed (needs ${DATA}; skipped when it is absent)`, () => {
    const lines = featurize(readSplit(DATA, "train").slice(0, 3000));
    const settings = { ...DEFAULT_SETTINGS, l2: [0.03], classWeightPower: [0.5], epochs: 2 };
    const once = () => {
      const { chosen } = chooseSettings(lines, settings, () => {});
      const { model, vocab } = fitFinal(lines, settings, chosen);
      return JSON.stringify(quantize(model, vocab, chosen, settings.prune));
    };
    const first = once();
    expect(once()).toBe(first);
    expect(decodeWeights(JSON.parse(first)).rows.size).toBeGreaterThan(100);
  });
});
