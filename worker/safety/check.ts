// The safety net's check (issue 40 §4): does a caller's turn suggest suicide or self-harm, harm to
// someone else, violence or abuse at home, or a medical emergency? Deterministic and ours: phrase
// patterns (worker/safety/patterns.ts) over the caller's own words, after idioms are erased
// (worker/safety/idioms.ts), with the emotion scores only strengthening borderline cues. It takes the
// caller's text and emotions and nothing else, so no Echo instruction, setting or caller request has a
// path to turn it off. Pure and fast (~10–20 µs a turn; bench/safety.bench.ts): linear patterns only.
//
// Rules:
// - An explicit cue hits; emotions never clear it.
// - A borderline cue hits only when the turn's emotion scores show it: "I can't do this anymore" (self-
//   harm) when sadness + fear ≥ BORDERLINE_DISTRESS; family hyperbole ("my mom is going to kill me when
//   she sees this", abuse) when fear alone ≥ BORDERLINE_FEAR.
// - A negated cue ("I would never hurt myself", "I'm not suicidal") still hits, marked `negated`: a
//   caller who raises it at all hears a gentle line with the numbers (worker/safety/resources.ts).
// - Several categories in one turn: the most urgent decides (protocol/safety.ts SAFETY_CATEGORIES).
import type { EmotionScores } from "../../protocol/call-messages";
import { byUrgency, type SafetyCategory } from "./categories";
import { IDIOM_SPANS } from "./idioms";
import { normalizeForSafety } from "./normalize";
import { SAFETY_RULES } from "./patterns";
import { GUARD_WINDOW, type SafetyRule } from "./rule";

export interface SafetyVerdict {
  /** The most urgent category hit: it decides the message. */
  category: SafetyCategory;
  /** Every category hit, most urgent first. */
  categories: SafetyCategory[];
  /** The rule that decided ("self_harm.kill_myself"): for debugging; never the caller's words. */
  cue: string;
  /** "emotion": a borderline cue counted because the caller sounded very sad or afraid. */
  basis: "words" | "emotion";
  /** Only negated mentions ("I would never hurt myself"): the gentle line is said. */
  negated: boolean;
}

/** sadness + fear at or above this (scores of a turn sum to 1) makes a "distress" cue count. */
export const BORDERLINE_DISTRESS = 0.5;
/** fear at or above this makes a "fear" cue count. */
export const BORDERLINE_FEAR = 0.5;

const NEGATORS = new Set(["not", "never", "wont", "wouldnt", "dont", "doesnt", "didnt", "isnt", "arent", "no", "stopped", "quit", "nt"]);

interface Hit {
  rule: SafetyRule;
  negated: boolean;
}

function lastWords(s: string, n: number): string[] {
  const words = s.trim().split(" ");
  return words.slice(Math.max(0, words.length - n));
}

/** The first match of `rule` in `text` that its guards let through, or null. */
function findHit(rule: SafetyRule, text: string): Hit | null {
  const re = rule.pattern; // global: exec walks the matches (matchAll would clone the expression each call)
  re.lastIndex = 0;
  for (let match = re.exec(text); match !== null; match = re.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - GUARD_WINDOW), start);
    const after = text.slice(end, end + GUARD_WINDOW);
    if (rule.needBefore && !rule.needBefore.test(before) && !rule.needBefore.test(match[0])) continue;
    if (rule.unlessBefore?.test(before)) continue;
    if (rule.unlessAfter?.test(after)) continue;
    re.lastIndex = 0;
    const negated = rule.negatable === true && (lastWords(before, 3).some((w) => NEGATORS.has(w)) || match[0].split(" ").some((w) => NEGATORS.has(w)));
    return { rule, negated };
  }
  return null;
}

function shows(emotions: EmotionScores | undefined, kind: SafetyRule["borderline"]): boolean {
  if (!emotions || !kind) return false;
  const fear = emotions.fear ?? 0;
  return kind === "fear" ? fear >= BORDERLINE_FEAR : (emotions.sadness ?? 0) + fear >= BORDERLINE_DISTRESS;
}

function verdictOf(hits: Hit[], basis: SafetyVerdict["basis"], negated: boolean): SafetyVerdict {
  const categories = byUrgency(hits.map((x) => x.rule.category));
  const category = categories[0]!;
  const decider = hits.find((x) => x.rule.category === category)!;
  return { category, categories, cue: decider.rule.id, basis, negated };
}

/** The turn's safety verdict, or null when nothing in it suggests a risk. Never logs the text. */
export function checkSafety(text: string, emotions?: EmotionScores): SafetyVerdict | null {
  let t = ` ${normalizeForSafety(text)} `;
  if (t.trim() === "") return null;
  for (const idiom of IDIOM_SPANS) t = t.replace(idiom, " ~ ");
  const hits: Hit[] = [];
  for (const rule of SAFETY_RULES) {
    const hit = findHit(rule, t);
    if (hit) hits.push(hit);
  }
  const explicit = hits.filter((x) => !x.rule.borderline && !x.negated);
  if (explicit.length > 0) return verdictOf(explicit, "words", false);
  const borderline = hits.filter((x) => shows(emotions, x.rule.borderline));
  if (borderline.length > 0) return verdictOf(borderline, "emotion", false);
  const negated = hits.filter((x) => x.negated);
  if (negated.length > 0) return verdictOf(negated, "words", true);
  return null;
}
