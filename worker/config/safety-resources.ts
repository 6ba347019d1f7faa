// The safety message's numbers for this deployment (SAFETY_RESOURCES): JSON with all three keys, so a
// deployment abroad can't keep a US number by leaving one out; unset means the US defaults (911, 988, the
// National Domestic Violence Hotline). The wording they go into is fixed: worker/safety/resources.ts.
import { z } from "zod";
import { ConfigError } from "./config-error";

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
