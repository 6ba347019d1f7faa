import { describe, expect, it } from "vitest";
import { CALL_IDLE_TIMEOUT_MS, clientMessageSchema } from "../../../protocol/call-messages";
import { HEARTBEAT_INTERVAL_MS as CALL_KEEPALIVE_MS } from "../../../protocol/heartbeat";
import { uplinkFrame } from "../../../web/testcall/uplink";

const buffer = new Float32Array(4096).fill(0.25);

describe("uplinkFrame", () => {
  it("sends the captured audio as a valid audio_data message when not muted", () => {
    const frame = uplinkFrame(false, 1_000, 0, buffer);
    expect(frame).toMatchObject({ type: "audio_data", timestamp: 1_000 });
    expect(clientMessageSchema.safeParse(frame).success).toBe(true);
  });

  it("sends no audio while muted, only a ping once the keep-alive interval has passed", () => {
    expect(uplinkFrame(true, 10_000, 0, buffer)).toBeNull();
    expect(uplinkFrame(true, CALL_KEEPALIVE_MS - 1, 0, buffer)).toBeNull();
    expect(uplinkFrame(true, CALL_KEEPALIVE_MS, 0, buffer)).toEqual({ type: "ping" });
  });

  it("pings well within the server's idle timeout", () => {
    expect(CALL_KEEPALIVE_MS * 4).toBeLessThanOrEqual(CALL_IDLE_TIMEOUT_MS);
  });
});
