// What the Echo says first when the safety net hits (worker/safety/check.ts): a fixed, reviewed message
// per category, calm and short, with an emergency number and a crisis or abuse line, always adding "or
// your local emergency number". The numbers are configurable per deployment through SAFETY_RESOURCES
// (JSON; the defaults are right for the US: 911, 988, the National Domestic Violence Hotline); the
// wording is not. Also the instruction the reply model gets after the message (safetyInstruction).
import { DEFAULT_SAFETY_RESOURCES, type SafetyResources } from "../config/safety-resources";
import { CATEGORY_DESCRIPTIONS } from "./categories";
import type { SafetyVerdict } from "./check";

/** "call 911 or your local emergency number": every message says the second half. */
function callEmergency(r: SafetyResources): string {
  return `call ${r.emergency} or your local emergency number`;
}

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
