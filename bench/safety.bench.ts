// The safety net's check (worker/safety/check.ts) on its labelled lines (test/fixtures/safety/): recall
// per category and overall on the risk lines, false alarms on the idioms, per fixture section (the
// "held out" section was not read while the patterns were written), beside the reference measured in
// the same run — a plain keyword match (kill, die, suicide, hurt, breathe…), which is what a check
// without idiom guards would do; there was no safety check before this one. Then µs per check in Node
// (V8, as in workerd), p50/p95 over the lines, and one 10 kB turn. Targets (issue 40 §4): every risk
// line, ≤ 1 false alarm in 40 (2.5 %). Needs no app.
import { SAFETY_CATEGORIES, type SafetyCategory } from "../protocol/safety";
import { checkSafety } from "../worker/safety/check";
import { idiomLines, riskLines, type SafetyLine } from "../test/unit/support/safety-fixtures";
import { defineBench, type Figure, stats } from "./support/bench";

/** The reference: any crisis-sounding word, the category of the first word found. */
const KEYWORDS: [RegExp, SafetyCategory][] = [
  [/\b(suicid\w*|kill (my|him|her|them)sel\w+|die|dead|death|cut|cutting)\b/i, "self_harm"],
  [/\b(kill|murder|shoot|stab|hurt)\b/i, "harm_to_others"],
  [/\b(hit|hits|beat|beats|abuse\w*|slap\w*|punch\w*|choke\w*)\b/i, "abuse_at_home"],
  [/\b(breath\w*|chest|overdos\w*|pills|bleed\w*|unconscious|seizure|stroke|heart attack|collapsed)\b/i, "medical_emergency"],
];
function keywordCheck(text: string): SafetyCategory | null {
  for (const [re, category] of KEYWORDS) if (re.test(text)) return category;
  return null;
}

type Checker = (text: string) => SafetyCategory | null;
const OURS: Checker = (text) => checkSafety(text)?.category ?? null;
const APPROACHES: [string, Checker][] = [
  ["patterns", OURS],
  ["keywords (reference)", keywordCheck],
];

function recall(lines: SafetyLine[], check: Checker): { hit: number; n: number } {
  const hit = lines.filter((l) => {
    const c = check(l.text);
    return c !== null && l.accept.includes(c);
  }).length;
  return { hit, n: lines.length };
}

/** Mean µs of one check of `text`, over `n` calls after a warm-up. */
function usPerCheck(text: string, n: number): number {
  for (let i = 0; i < 20; i++) checkSafety(text);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) checkSafety(text);
  return ((performance.now() - t0) * 1000) / n;
}

export default defineBench({
  name: "safety",
  async run(ctx) {
    const risks = riskLines();
    const idioms = idiomLines();
    const sections = [...new Set([...risks, ...idioms].map((l) => l.section))];
    ctx.log(`node ${process.version}; ${risks.length} risk lines, ${idioms.length} idioms; sections: ${sections.join(", ")}`);
    const figures: Figure[] = [];

    for (const [name, check] of APPROACHES) {
      const ours = check === OURS;
      const all = recall(risks, check);
      figures.push({ name: `${name}: recall, all risk lines (${all.hit}/${all.n})`, value: all.hit / all.n, unit: "", ...(ours ? { target: { kind: "min" as const, value: 1 } } : {}) });
      const flagged = risks.filter((l) => check(l.text) !== null).length;
      figures.push({ name: `${name}: risk lines flagged in any category (${flagged}/${risks.length})`, value: flagged / risks.length, unit: "" });
      for (const category of SAFETY_CATEGORIES) {
        const r = recall(risks.filter((l) => l.accept[0] === category), check);
        figures.push({ name: `${name}: recall, ${category} (${r.hit}/${r.n})`, value: r.hit / r.n, unit: "" });
      }
      for (const section of sections) {
        const r = recall(risks.filter((l) => l.section === section), check);
        figures.push({ name: `${name}: recall, section "${section}" (${r.hit}/${r.n})`, value: r.hit / r.n, unit: "" });
      }
      const alarms = idioms.filter((l) => check(l.text) !== null).length;
      figures.push({ name: `${name}: false alarms on idioms (${alarms}/${idioms.length})`, value: alarms / idioms.length, unit: "", ...(ours ? { target: { kind: "max" as const, value: 0.025 } } : {}) });
      for (const section of sections) {
        const lines = idioms.filter((l) => l.section === section);
        const n = lines.filter((l) => check(l.text) !== null).length;
        figures.push({ name: `${name}: false alarms, section "${section}" (${n}/${lines.length})`, value: n / lines.length, unit: "" });
      }
    }

    const perLine = stats([...risks, ...idioms].map((l) => usPerCheck(l.text, 200)));
    figures.push({ name: "µs per check, p50 over the lines", value: perLine.p50, unit: "µs" }, { name: "µs per check, p95 over the lines", value: perLine.p95, unit: "µs" });
    const filler = "i went to the shop and then i came home and we talked about the day and nothing much happened ";
    const long = filler.repeat(Math.ceil(10_000 / filler.length));
    figures.push({ name: `µs per check, one ${(long.length / 1000).toFixed(1)} kB turn`, value: usPerCheck(long, 20), unit: "µs" });
    return figures;
  },
});
