// The conversation's history for the model (worker/pipeline/reply/chat-history.ts): trimmed to its last
// exchanges, with a version that keeps changing once the length no longer does.
import { describe, expect, it } from "vitest";
import { ChatHistory } from "../../../../worker/pipeline/reply/chat-history";

describe("ChatHistory", () => {
  it("keeps the last exchanges, and its version changes with every message, also once trimmed", () => {
    const history = new ChatHistory([{ role: "user", content: "earlier" }], 1);
    expect(history.version).toBe(0);
    history.add({ role: "assistant", content: "a" });
    history.add({ role: "user", content: "b" });
    history.add({ role: "assistant", content: "c" });
    expect(history.messages.map((m) => m.content)).toEqual(["b", "c"]);
    const before = history.version;
    history.add({ role: "user", content: "d" });
    expect(history.messages).toHaveLength(2); // the length stays the same…
    expect(history.version).toBe(before + 1); // …the version does not
  });
});
