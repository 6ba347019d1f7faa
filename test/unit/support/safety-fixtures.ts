// Reads the safety net's labelled lines (test/fixtures/safety/*.tsv) for its tests and its bench:
// risk lines as acceptable categories + text, idioms as text, each with the section it sits in
// ("written with the patterns", then each "# --- name ---" section).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { safetyCategorySchema, type SafetyCategory } from "../../../protocol/safety";

export const FIRST_SECTION = "written with the patterns";

export interface SafetyLine {
  text: string;
  /** Risk lines: every category that is a right answer (the fixture's "a|b"); idioms: empty. */
  accept: SafetyCategory[];
  section: string;
}

function read(name: "risk-lines" | "idioms"): SafetyLine[] {
  const path = fileURLToPath(new URL(`../../fixtures/safety/${name}.tsv`, import.meta.url));
  const lines: SafetyLine[] = [];
  let section = FIRST_SECTION;
  for (const raw of readFileSync(path, "utf8").split("\n")) {
    const marker = /^# --- (.+) ---$/.exec(raw.trim());
    if (marker) section = marker[1]!;
    if (raw.trim() === "" || raw.startsWith("#")) continue;
    if (name === "idioms") {
      lines.push({ text: raw, accept: [], section });
      continue;
    }
    const [categories, text] = raw.split("\t");
    if (!categories || !text) throw new Error(`${name}.tsv: "${raw}" is not category<TAB>line`);
    lines.push({ text, accept: categories.split("|").map((c) => safetyCategorySchema.parse(c)), section });
  }
  return lines;
}

export const riskLines = (): SafetyLine[] => read("risk-lines");
export const idiomLines = (): SafetyLine[] => read("idioms");
