// The dev server warns when wrangler.toml's [ai] binding can't reach Workers AI (no remote bindings).
import { describe, expect, it } from "vitest";
import { declaresAiBinding, localAiBindingWarning, remoteBindingsWanted } from "../../../scripts/dev-ai-binding";

describe("dev server and the [ai] binding", () => {
  it("sees a declared [ai] table, not a commented-out one", () => {
    expect(declaresAiBinding('name = "echo"\n\n[ai]\nbinding = "AI"\n')).toBe(true);
    expect(declaresAiBinding('[ai]  # Workers AI\nbinding = "AI"')).toBe(true);
    expect(declaresAiBinding('# [ai]\n# binding = "AI"\n')).toBe(false);
    expect(declaresAiBinding('[[ai_search]]\nbinding = "X"\n')).toBe(false);
  });

  it("warns only when the binding is declared and remote bindings are off", () => {
    expect(localAiBindingWarning('[ai]\nbinding = "AI"', false)).toMatch(/ECHO_REMOTE_BINDINGS=1/);
    expect(localAiBindingWarning('[ai]\nbinding = "AI"', true)).toBeNull();
    expect(localAiBindingWarning('# [ai]', false)).toBeNull();
    expect(remoteBindingsWanted({ ECHO_REMOTE_BINDINGS: "1" })).toBe(true);
    expect(remoteBindingsWanted({})).toBe(false);
  });

  it("the repository's wrangler.toml leaves [ai] commented out (npm run dev works with no account)", async () => {
    const { readFileSync } = await import("node:fs");
    expect(declaresAiBinding(readFileSync("wrangler.toml", "utf8"))).toBe(false);
  });
});
