// What a conversation keeps alive: checked by collecting garbage and asking a WeakRef.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { hello, setup } from "./conversation-harness";

// A full garbage collection on demand (node exposes gc() to contexts made after the flag is set).
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

describe("Conversation: memory", () => {
  it("lets go of the caller's audio once the turn is heard, while the reply still plays", async () => {
    const t = setup({ replies: [["A long answer. ", "And more."]], audioMs: () => 4000 });
    await t.speak(hello());
    await t.clock.advance(1000); // heard and answered: the first 4 s sentence is playing
    expect(t.types()).toContain("assistant_audio");
    expect(t.types()).not.toContain("assistant_done");
    const heard = new WeakRef(t.provider.transcribed[0]!.samples);
    t.provider.transcribed.length = 0; // the test's own record of it
    await new Promise((resolve) => setTimeout(resolve, 0)); // WeakRef targets stay alive until this job ends
    collectGarbage();
    expect(heard.deref()).toBeUndefined();
    await t.clock.advance(10_000);
    await t.conversation.idle();
    expect(t.of("assistant_done")[0]!.event).toMatchObject({ interrupted: false, spokenText: "A long answer. And more." });
  });
});
