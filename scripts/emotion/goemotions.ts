// Reads the GoEmotions Ekman splits (../shared/data/goemotions-ekman: train.tsv, dev.tsv, labels.txt;
// see its README) and maps their labels onto Echo's emotions: joy, sadness, anger, fear and surprise as
// themselves, disgust → anger, neutral → calm. The data set stays outside the repository: this only reads it.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { EmotionName } from "../../protocol/call-messages";

export interface LabelledLine {
  text: string;
  /** One or more of Echo's emotions (distinct, in the data set's order). */
  labels: EmotionName[];
}

const EKMAN_TO_ECHO: Record<string, EmotionName> = {
  anger: "anger",
  disgust: "anger",
  fear: "fear",
  joy: "joy",
  neutral: "calm",
  sadness: "sadness",
  surprise: "surprise",
};

export type Split = "train" | "dev";

/** Whether `dir` holds the split (and the label names). */
export function hasSplit(dir: string, split: Split): boolean {
  return existsSync(join(dir, `${split}.tsv`)) && existsSync(join(dir, "labels.txt"));
}

/** The split's lines with Echo's labels; throws naming the file when a row can't be read. */
export function readSplit(dir: string, split: Split): LabelledLine[] {
  const names = readFileSync(join(dir, "labels.txt"), "utf8").split("\n").map((l) => l.trim()).filter(Boolean);
  const file = join(dir, `${split}.tsv`);
  const out: LabelledLine[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((row, i) => {
      if (!row.trim()) return;
      const [text = "", ids = ""] = row.split("\t");
      const labels: EmotionName[] = [];
      for (const id of ids.split(",")) {
        const emotion = EKMAN_TO_ECHO[names[Number(id)] ?? ""];
        if (!emotion) throw new Error(`${file}:${i + 1}: unknown label id "${id}"`);
        if (!labels.includes(emotion)) labels.push(emotion);
      }
      out.push({ text, labels });
    });
  return out;
}
