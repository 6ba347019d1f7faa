// Socket addresses, the protocol version check and the one heartbeat (protocol/sockets.ts, version.ts, heartbeat.ts).
import { describe, expect, it } from "vitest";
import { clientMessageSchema, serverMessageSchema } from "../../../protocol/call-messages";
import { feedClientMessageSchema, feedServerMessageSchema } from "../../../protocol/feed";
import { PING_FRAME, PONG_FRAME } from "../../../protocol/heartbeat";
import { viewerMessageSchema, viewerServerMessageSchema } from "../../../protocol/live";
import { CALL_SOCKET_PATH, FEED_SOCKET_PATH, livePath, socketUrl } from "../../../protocol/sockets";
import { PROTOCOL_VERSION, protocolVersionError } from "../../../protocol/version";

describe("socket addresses", () => {
  it("carry the protocol version, on the page's host, ws only on plain http", () => {
    expect(socketUrl({ protocol: "http:", host: "localhost:5173" }, CALL_SOCKET_PATH)).toBe(`ws://localhost:5173/ws/call?v=${PROTOCOL_VERSION}`);
    expect(socketUrl({ protocol: "https:", host: "echo.example" }, FEED_SOCKET_PATH)).toBe(`wss://echo.example/ws/feed?v=${PROTOCOL_VERSION}`);
    expect(livePath("a/b?c")).toBe("/ws/live/a%2Fb%3Fc");
  });
});

describe("protocolVersionError", () => {
  it("accepts exactly this version and says why anything else is refused, short enough for a close frame", () => {
    expect(protocolVersionError(String(PROTOCOL_VERSION))).toBeNull();
    for (const sent of [null, "", "0", "1.0", " 1", String(PROTOCOL_VERSION + 1), "x".repeat(500)]) {
      const why = protocolVersionError(sent);
      expect(why, String(sent)).toMatch(new RegExp(`speaks version ${PROTOCOL_VERSION}\\. Reload the page\\.$`));
      expect(new TextEncoder().encode(why!).byteLength).toBeLessThanOrEqual(123);
    }
  });
});

describe("one heartbeat for every socket", () => {
  it("every socket's client schema takes the ping and every server schema the pong, as the same frames", () => {
    for (const schema of [clientMessageSchema, viewerMessageSchema, feedClientMessageSchema]) expect(schema.parse(JSON.parse(PING_FRAME))).toEqual({ type: "ping" });
    for (const schema of [serverMessageSchema, viewerServerMessageSchema, feedServerMessageSchema]) expect(schema.parse(JSON.parse(PONG_FRAME))).toEqual({ type: "pong" });
    expect([PING_FRAME, PONG_FRAME]).toEqual(['{"type":"ping"}', '{"type":"pong"}']);
  });
});
