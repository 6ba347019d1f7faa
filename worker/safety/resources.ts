// What the Echo says first when the safety net hits (worker/safety/check.ts): a fixed, reviewed message
// per category, calm and short, with an emergency number and a crisis or abuse line, always adding "or
// your local emergency number". The numbers are configurable per deployment through SAFETY_RESOURCES
// (JSON; the defaults are right for the US: 911, 988, the National Domestic Violence Hotline); the
// wording is not. Also the instruction the reply model gets after the message (safetyInstruction).
import { z } from "zod";
import { ConfigError } from "../config-error";
import { CATEGORY_DESCRIPTIONS } from "./categories";
import type { SafetyVerdict } from "./check";

export const SAFETY_RESOURCES_SETTING = "SAFETY_RESOURCES";

export interface SafetyResources {
  /** The emergency number, as it is dialled ("911", "112", "000"). */
  emergency: string;
  /** What to do to reach a crisis line, a phrase that follows "please" ("call or text 988, …"), or null: none. */
  crisisLine: string | null;
  /** What to do to reach help with abuse at home, likewise, or null: none. */
  abuseLine: string | null;
}

/** Right for the United States. Spoken, so written as the caller should hear it. */
export const DEFAULT_SAFETY_RESOURCES: SafetyResources = {
  emergency: "911",
  crisisLine: "call or text 988, the Suicide and Crisis Lifeline",
  abuseLine: "call the National Domestic Violence Hotline at 1 800 799 7233, or text START to 88788",
};

/** A phrase the Echo speaks: one line of plain words with a number in it, no markup. */
const missing = (what: string) => (issue: { input?: unknown }) => (issue.input === undefined ? `is missing (${what})` : undefined);

const phraseSchema = z
  .string({ error: missing("null: no such line here") })
  .trim()
  .min(5)
  .max(160)
  .regex(/^[^<>{}\n\r]*$/, "plain words only: no markup or line breaks")
  .regex(/[0-9]/, "must include the number to call or text");

const resourcesSchema = z.strictObject({
  emergency: z.string({ error: missing("the number to dial, e.g. 112") }).trim().regex(/^\+?[0-9][0-9 -]{0,14}$/, "must be the number to dial, e.g. 112"),
  crisisLine: phraseSchema.nullable(),
  abuseLine: phraseSchema.nullable(),
});

const EXAMPLE = `{"emergency":"112","crisisLine":"call 116 123, the Samaritans","abuseLine":null}`;

/**
 * SAFETY_RESOURCES, read: unset or empty → the US defaults; otherwise a JSON object with all three
 * keys (so a deployment abroad never keeps a US number by omission). A bad value is a ConfigError
 * naming the setting. Nothing in it can turn the check or the message off.
 */
export function readSafetyResources(raw: string | undefined): SafetyResources {
  const text = (raw ?? "").trim();
  if (text === "") return DEFAULT_SAFETY_RESOURCES;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(SAFETY_RESOURCES_SETTING, `must be JSON like ${EXAMPLE} (it is not valid JSON)`);
  }
  const parsed = resourcesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "value"}: ${i.message}`).join("; ");
    throw new ConfigError(SAFETY_RESOURCES_SETTING, `must be JSON like ${EXAMPLE} with keys emergency, crisisLine and abuseLine (${problems})`);
  }
  return parsed.data;
}

/** "call 911 or your local emergency number": every message says the second half. */
function callEmergency(r: SafetyResources): string {
  return `call ${r.emergency} or your local emergency number`;
}

/** The message said first, in the Echo's voice, before anything else in the reply. */
export function safetyMessage(verdict: Pick<SafetyVerdict, "category" | "negated">, r: SafetyResources = DEFAULT_SAFETY_RESOURCES): string {
  const emergency = callEmergency(r);
  switch (verdict.category) {
    case "medical_emergency":
      return verdict.negated
        ? `If it ever feels like an emergency, please ${emergency} right away.`
        : `This could be a medical emergency. Please ${emergency} right now. They can tell you what to do until help arrives.`;
    case "self_harm":
      if (verdict.negated) {
        return r.crisisLine
          ? `Thank you for telling me. If those thoughts ever do come, you can ${r.crisisLine}, at any time, or ${emergency} if anyone is in danger.`
          : `Thank you for telling me. If those thoughts ever do come, or anyone is in danger, please ${emergency}.`;
      }
      return r.crisisLine
        ? `I'm really glad you told me. If you or someone you know might act on thoughts of suicide or self-harm, please ${r.crisisLine}, right now. If anyone is in immediate danger, ${emergency}.`
        : `I'm really glad you told me. If you or someone you know might act on thoughts of suicide or self-harm, please ${emergency} right now.`;
    case "harm_to_others":
      if (verdict.negated) {
        return r.crisisLine
          ? `If you ever worry that you might hurt someone, you can ${r.crisisLine}, at any time, or ${emergency} if anyone is in danger.`
          : `If you ever worry that you might hurt someone, or anyone is in danger, please ${emergency}.`;
      }
      return r.crisisLine
        ? `Thank you for telling me. If you or anyone else is in danger right now, please ${emergency}. If you're worried you might hurt someone, you can also ${r.crisisLine}; they help with that too.`
        : `Thank you for telling me. If you or anyone else is in danger right now, please ${emergency}.`;
    case "abuse_at_home":
      if (verdict.negated) {
        return r.abuseLine
          ? `If you ever don't feel safe at home, please ${emergency} if you're in danger, and you can ${r.abuseLine}, at any time.`
          : `If you ever don't feel safe at home, please ${emergency}.`;
      }
      return r.abuseLine
        ? `I'm so sorry that's happening. No one deserves to be hurt. If you're in danger right now, please ${emergency}. You can also ${r.abuseLine}, any time, for confidential help.`
        : `I'm so sorry that's happening. No one deserves to be hurt. If you're in danger right now, please ${emergency}.`;
  }
}

/**
 * What the reply model is told after the message was said (never the caller's words, never the
 * numbers, which the message already gave): go on supportively in character.
 */
export function safetyInstruction(verdict: Pick<SafetyVerdict, "category" | "negated">): string {
  const what = CATEGORY_DESCRIPTIONS[verdict.category];
  const detected = verdict.negated
    ? `The caller just mentioned ${what}, while saying it is not happening or that they would not act on it. A gentle line with where to get help has just been said to them.`
    : `The caller just said something that suggests ${what}. The safety message with where to get help now has just been said to them.`;
  return `${detected} Continue supportively and gently, in character: listen, acknowledge what they said, and stay with them. Do not repeat the numbers unless asked; never argue, never diagnose, never promise to keep a danger secret.`;
}
