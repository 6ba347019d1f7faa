// The test call's socket address (the server-message parsing tests moved to test/unit/protocol/server-messages.test.ts)
// and gapless playback.
import { describe, expect, it } from "vitest";
import { callSocketUrl } from "../../../web/testcall/socketUrl";
import { nextChunkStart } from "../../../web/audio/playback";

describe("callSocketUrl", () => {
  it("uses ws:// on plain-http local development and wss:// behind https", () => {
    expect(callSocketUrl({ protocol: "http:", host: "localhost:8787" })).toBe("ws://localhost:8787/ws/call?v=1");
    expect(callSocketUrl({ protocol: "https:", host: "echo.example.com" })).toBe("wss://echo.example.com/ws/call?v=1");
  });
});

describe("nextChunkStart (gapless playback)", () => {
  it("starts a chunk exactly where the queue ends while audio is queued", () => {
    expect(nextChunkStart(5.25, 5.0, 0.05)).toBe(5.25);
  });
  it("starts a short lead after now when the queue ran dry", () => {
    expect(nextChunkStart(3, 5, 0.05)).toBeCloseTo(5.05);
    expect(nextChunkStart(0, 0, 0.05)).toBeCloseTo(0.05);
  });
});
