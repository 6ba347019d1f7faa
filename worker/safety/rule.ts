// The shape of one safety pattern (worker/safety/patterns.ts) and the helper that builds its regular
// expression. Patterns read normalized text (worker/safety/normalize.ts: lowercase words, single spaces,
// no apostrophes), so `\b` is a word boundary and a gap of up to n words is a bounded repetition
// (`{gap2}`) that can split the text one way only (each word starts at a space), so a check stays linear.
import type { SafetyCategory } from "../../protocol/safety";

export interface SafetyRule {
  /** Names the cue in a verdict ("self_harm.kill_myself"): debugging without the caller's words. */
  id: string;
  category: SafetyCategory;
  pattern: RegExp;
  /**
   * A borderline cue: it counts only when the caller's emotion scores show it (worker/safety/check.ts):
   * "distress", sadness + fear ≥ BORDERLINE_DISTRESS ("I can't do this anymore"); "fear", fear alone
   * ≥ BORDERLINE_FEAR ("my husband is going to kill me when he finds out").
   */
  borderline?: "distress" | "fear";
  /** A negator just before or inside the match ("I would never hurt myself") makes it a mention. */
  negatable?: boolean;
  /** Clears the match when it matches the text right after it (starts with a space, ≤ 60 characters). */
  unlessAfter?: RegExp;
  /** Clears the match when it matches the text right before it (ends with a space, ≤ 60 characters). */
  unlessBefore?: RegExp;
  /** The match counts only when this matches the text right before it (e.g. a person, not a phone). */
  needBefore?: RegExp;
}

/** The text either side of a match that guards look at, in characters. */
export const GUARD_WINDOW = 60;

const GAP = "(?: [a-z0-9]+)";
const PARTS: Record<string, string> = {
  gap1: `${GAP}{0,1}`,
  gap2: `${GAP}{0,2}`,
  gap3: `${GAP}{0,3}`,
  gap4: `${GAP}{0,4}`,
  gap6: `${GAP}{0,6}`,
  // The same gaps written word-then-space, for the start of an `after` guard.
  lead2: "(?:[a-z0-9]+ ){0,2}",
  lead4: "(?:[a-z0-9]+ ){0,4}",
  lead6: "(?:[a-z0-9]+ ){0,6}",
};

/**
 * A pattern from readable source: `{gapN}` is up to N words (each after a space; `{leadN}`: each before one), `{NAME}` a named alternation from
 * `groups`, everything else regular-expression syntax. Whole words only (`\b` both ends), global.
 */
export function rx(source: string, groups: Record<string, string> = {}): RegExp {
  const expanded = source.replace(/\{([a-zA-Z0-9_]+)\}/g, (_, name: string) => {
    const part = PARTS[name] ?? groups[name];
    if (part === undefined) throw new Error(`safety pattern: unknown part {${name}} in ${source}`);
    return part;
  });
  return new RegExp(`\\b(?:${expanded})\\b`, "g");
}

/** A guard on the text after a match: `source` must start right after it (a leading space is implied). */
export function after(source: string, groups: Record<string, string> = {}): RegExp {
  return new RegExp(`^ ${rx(source, groups).source}`);
}

/** A guard on the text before a match: `source` must end right before it (a trailing space is implied). */
export function before(source: string, groups: Record<string, string> = {}): RegExp {
  return new RegExp(`${rx(source, groups).source} $`);
}

/** A guard that matches anywhere in the window. */
export function near(source: string, groups: Record<string, string> = {}): RegExp {
  return new RegExp(rx(source, groups).source);
}
