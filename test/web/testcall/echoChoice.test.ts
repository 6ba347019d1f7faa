// The Test Call picker's preselection: the user's pick, else the linked Echo, else the last used, else the only one.
import { describe, expect, it } from "vitest";
import { chooseEcho } from "../../../web/testcall/echoChoice";

const echoes = (...ids: string[]) => ids.map((id) => ({ id }));

describe("chooseEcho", () => {
  it("preselects the only Echo", () => {
    expect(chooseEcho({ echoes: echoes("a"), picked: "", requested: null, lastUsed: null })).toBe("a");
  });

  it("chooses nothing among several with no pick, link or last used", () => {
    expect(chooseEcho({ echoes: echoes("a", "b"), picked: "", requested: null, lastUsed: null })).toBe("");
    expect(chooseEcho({ echoes: [], picked: "", requested: null, lastUsed: null })).toBe("");
  });

  it("prefers the pick, then the link, then the last used", () => {
    const list = echoes("a", "b", "c");
    expect(chooseEcho({ echoes: list, picked: "a", requested: "b", lastUsed: "c" })).toBe("a");
    expect(chooseEcho({ echoes: list, picked: "", requested: "b", lastUsed: "c" })).toBe("b");
    expect(chooseEcho({ echoes: list, picked: "", requested: null, lastUsed: "c" })).toBe("c");
  });

  it("ignores ids that are not offered (deactivated, deleted, someone else's)", () => {
    expect(chooseEcho({ echoes: echoes("a", "b"), picked: "x", requested: "y", lastUsed: "b" })).toBe("b");
    expect(chooseEcho({ echoes: echoes("a"), picked: "", requested: "gone", lastUsed: "gone" })).toBe("a");
  });
});
