// The safety message and its setting (worker/safety/resources.ts): the US defaults say 988, 911 and
// "or your local emergency number"; SAFETY_RESOURCES changes the numbers, never the wording, and a bad
// value is a configuration error naming the setting (through every route: test/worker/safety-config.test.ts).
import { describe, expect, it } from "vitest";
import { SAFETY_CATEGORIES } from "../../../protocol/safety";
import { ConfigError } from "../../../worker/config/config-error";
import { DEFAULT_SAFETY_RESOURCES, readSafetyResources } from "../../../worker/config/safety-resources";
import { safetyInstruction, safetyMessage } from "../../../worker/safety/resources";

const EVERY_VERDICT = SAFETY_CATEGORIES.flatMap((category) => [false, true].map((negated) => ({ category, negated })));
const UK = { emergency: "999", crisisLine: "call 116 123, the Samaritans", abuseLine: "call 0808 2000 247, the National Domestic Abuse Helpline" };

function configError(raw: string): ConfigError {
  try {
    readSafetyResources(raw);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`${raw} was accepted`);
}

describe("safetyMessage", () => {
  it("defaults to the US numbers: 988 for self-harm, 911 and the local emergency number everywhere", () => {
    expect(safetyMessage({ category: "self_harm", negated: false })).toBe(
      "I'm really glad you told me. If you or someone you know might act on thoughts of suicide or self-harm, please call or text 988, the Suicide and Crisis Lifeline, right now. If anyone is in immediate danger, call 911 or your local emergency number.",
    );
    for (const verdict of EVERY_VERDICT) {
      const text = safetyMessage(verdict);
      expect(text, verdict.category).toContain("911");
      expect(text, verdict.category).toContain("or your local emergency number");
    }
    expect(safetyMessage({ category: "harm_to_others", negated: false })).toContain("988");
    expect(safetyMessage({ category: "abuse_at_home", negated: false })).toContain("1 800 799 7233");
    expect(safetyMessage({ category: "abuse_at_home", negated: false })).toContain("text START to 88788");
    expect(safetyMessage({ category: "medical_emergency", negated: false })).toMatch(/^This could be a medical emergency\. Please call 911 or your local emergency number right now\./);
  });

  it("is short and spoken: no markup, a few sentences", () => {
    for (const verdict of EVERY_VERDICT) {
      const text = safetyMessage(verdict);
      expect(text).not.toMatch(/[<>{}*#\n]/);
      expect(text.length).toBeLessThan(330);
    }
  });

  it("says the deployment's numbers, and leaves out a line set to null", () => {
    const uk = readSafetyResources(JSON.stringify(UK));
    expect(uk).toEqual(UK);
    const selfHarm = safetyMessage({ category: "self_harm", negated: false }, uk);
    expect(selfHarm).toContain("please call 116 123, the Samaritans, right now");
    expect(selfHarm).toContain("call 999 or your local emergency number");
    expect(selfHarm).not.toMatch(/988|911/);
    const none = readSafetyResources(`{"emergency":"112","crisisLine":null,"abuseLine":null}`);
    for (const verdict of EVERY_VERDICT) {
      const text = safetyMessage(verdict, none);
      expect(text).toContain("call 112 or your local emergency number");
      expect(text).not.toMatch(/988|911|null|undefined/);
    }
  });
});

describe("readSafetyResources (SAFETY_RESOURCES)", () => {
  it("unset, empty or blank: the US defaults", () => {
    expect(readSafetyResources(undefined)).toEqual(DEFAULT_SAFETY_RESOURCES);
    expect(readSafetyResources("")).toEqual(DEFAULT_SAFETY_RESOURCES);
    expect(readSafetyResources("  ")).toEqual(DEFAULT_SAFETY_RESOURCES);
  });

  it("trims what it is given", () => {
    expect(readSafetyResources(` {"emergency":" 000 ","crisisLine":" call 13 11 14, Lifeline ","abuseLine":null} `)).toEqual({ emergency: "000", crisisLine: "call 13 11 14, Lifeline", abuseLine: null });
  });

  it("a bad value is a configuration error naming SAFETY_RESOURCES and what is wrong", () => {
    const cases: [string, RegExp][] = [
      ["emergency=112", /not valid JSON/],
      [`{"emergency":"112"}`, /crisisLine: is missing \(null: no such line here\); abuseLine: is missing/],
      [`{"emergency":"call the police","crisisLine":null,"abuseLine":null}`, /emergency: must be the number to dial/],
      [`{"emergency":"112","crisisLine":"call the Samaritans","abuseLine":null}`, /crisisLine: must include the number/],
      [`{"emergency":"112","crisisLine":"<speak>116 123</speak>","abuseLine":null}`, /plain words only/],
      [`{"emergency":"112","crisisLine":null,"abuseLine":null,"enabled":false}`, /enabled/],
      [`["112"]`, /emergency, crisisLine and abuseLine/],
    ];
    for (const [raw, problem] of cases) {
      const err = configError(raw);
      expect(err.setting).toBe("SAFETY_RESOURCES");
      expect(err.message, raw).toMatch(/^Configuration error: SAFETY_RESOURCES /);
      expect(err.message, raw).toMatch(problem);
    }
  });
});

describe("safetyInstruction", () => {
  it("tells the model what was detected and how to go on, without numbers or the caller's words", () => {
    for (const verdict of EVERY_VERDICT) {
      const text = safetyInstruction(verdict);
      expect(text).not.toMatch(/[0-9]/);
      expect(text).toContain("Do not repeat the numbers unless asked; never argue, never diagnose");
      expect(text).toContain("in character");
    }
    expect(safetyInstruction({ category: "self_harm", negated: false })).toMatch(/^The caller just said something that suggests thoughts of suicide or self-harm/);
    expect(safetyInstruction({ category: "abuse_at_home", negated: true })).toMatch(/mentioned violence or abuse at home, while saying it is not happening/);
  });
});
