// Reads the phone-style lines written for Echo (test/fixtures/emotion/phone-lines.tsv: what callers
// say to a personal assistant, each with the emotion it expresses), for the words model's test and the
// emotion bench. Lines starting with "#" are comments.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EMOTIONS, type EmotionName } from "../../protocol/call-messages";
import type { LabelledLine } from "./goemotions";

export const PHONE_LINES_PATH = join(import.meta.dirname, "..", "..", "test", "fixtures", "emotion", "phone-lines.tsv");

export function readPhoneLines(path = PHONE_LINES_PATH): LabelledLine[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((row) => row.trim() && !row.startsWith("#"))
    .map((row, i) => {
      const [label = "", text = ""] = row.split("\t");
      const emotion = EMOTIONS.find((e) => e === label.trim());
      if (!emotion || !text.trim()) throw new Error(`${path}: line ${i + 1} is not "emotion<TAB>text" with one of ${EMOTIONS.join(", ")}`);
      return { text: text.trim(), labels: [emotion as EmotionName] };
    });
}
