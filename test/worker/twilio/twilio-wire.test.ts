// Stream tokens, TwiML and the Media Streams message schemas.
import { describe, expect, it } from "vitest";
import {
  clearMessage,
  markMessage,
  MediaMessageWriter,
  parseTwilioFrame,
  readPlainMediaFrame,
  twilioInboundSchema,
  twilioOutboundSchema,
} from "../../../worker/twilio/media-messages";
import { MediaFrameReader } from "../../../worker/twilio/media-scan";
import { createStreamToken, STREAM_TOKEN_TTL_MS, verifyStreamToken } from "../../../worker/twilio/stream-token";
import { connectStreamTwiml, sayAndHangUpTwiml } from "../../../worker/twilio/twiml";

const TOKEN = "auth-token-for-tests";

describe("stream token", () => {
  it("round-trips its claims until it expires", async () => {
    const now = 1_800_000_000_000;
    const token = await createStreamToken(TOKEN, { callId: "call-1", callSid: "CA1" }, now);
    const ok = await verifyStreamToken(TOKEN, token, now + 1000);
    expect(ok).toEqual({ ok: true, claims: { callId: "call-1", callSid: "CA1", exp: now + STREAM_TOKEN_TTL_MS } });
    expect(await verifyStreamToken(TOKEN, token, now + STREAM_TOKEN_TTL_MS)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another key, a tampered payload, and garbage", async () => {
    const token = await createStreamToken(TOKEN, { callId: "call-1", callSid: "CA1" });
    expect(await verifyStreamToken("other", token)).toEqual({ ok: false, reason: "bad-signature" });
    const [payload, mac] = token.split(".");
    const forged = btoa(JSON.stringify({ callId: "call-2", callSid: "CA1", exp: Date.now() + 60_000 })).replace(/=+$/, "");
    expect(await verifyStreamToken(TOKEN, `${forged}.${mac}`)).toEqual({ ok: false, reason: "bad-signature" });
    expect((await verifyStreamToken(TOKEN, `${payload}`)).ok).toBe(false);
    expect((await verifyStreamToken(TOKEN, undefined)).ok).toBe(false);
    expect((await verifyStreamToken(TOKEN, "a.b.c")).ok).toBe(false);
    expect((await verifyStreamToken(TOKEN, "!!.??")).ok).toBe(false);
  });
});

describe("TwiML", () => {
  it("connects a stream with escaped parameters and no query string", () => {
    const xml = connectStreamTwiml("wss://echo.test/twilio/media", { token: 'a"b<c>&' });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://echo.test/twilio/media">' +
        '<Parameter name="token" value="a&quot;b&lt;c&gt;&amp;"/></Stream></Connect></Response>',
    );
    expect(sayAndHangUpTwiml("Sorry & bye")).toContain("<Say>Sorry &amp; bye</Say><Hangup/>");
  });
});

describe("Media Streams messages", () => {
  const start = {
    event: "start",
    sequenceNumber: "1",
    streamSid: "MZ1",
    start: {
      accountSid: "AC1",
      streamSid: "MZ1",
      callSid: "CA1",
      tracks: ["inbound"],
      mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
      customParameters: { token: "t" },
    },
  };

  it("parses Twilio's messages exactly as documented", () => {
    expect(parseTwilioFrame(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" })).ok).toBe(true);
    expect(parseTwilioFrame(JSON.stringify(start))).toMatchObject({ ok: true, message: { start: { customParameters: { token: "t" } } } });
    const media = { event: "media", sequenceNumber: "2", streamSid: "MZ1", media: { track: "inbound", chunk: "1", timestamp: "5", payload: "//8=" } };
    expect(parseTwilioFrame(JSON.stringify(media)).ok).toBe(true);
    const dtmf = { event: "dtmf", streamSid: "MZ1", sequenceNumber: "3", dtmf: { track: "inbound_track", digit: "7" } };
    expect(parseTwilioFrame(JSON.stringify(dtmf)).ok).toBe(true);
    expect(parseTwilioFrame(JSON.stringify({ event: "mark", sequenceNumber: "4", streamSid: "MZ1", mark: { name: "x" } })).ok).toBe(true);
    const stop = { event: "stop", sequenceNumber: "5", streamSid: "MZ1", stop: { accountSid: "AC1", callSid: "CA1" } };
    expect(parseTwilioFrame(JSON.stringify(stop)).ok).toBe(true);
  });

  it("refuses numbers where Twilio sends strings, other formats, unknown events and junk", () => {
    const media = { event: "media", sequenceNumber: 2, streamSid: "MZ1", media: { track: "inbound", chunk: "1", timestamp: "5", payload: "//8=" } };
    expect(parseTwilioFrame(JSON.stringify(media))).toMatchObject({ ok: false, error: expect.stringContaining("sequenceNumber") });
    const wrongFormat = structuredClone(start);
    wrongFormat.start.mediaFormat.sampleRate = 16000;
    expect(parseTwilioFrame(JSON.stringify(wrongFormat)).ok).toBe(false);
    expect(parseTwilioFrame(JSON.stringify({ event: "hello" })).ok).toBe(false);
    expect(parseTwilioFrame("{nope").ok).toBe(false);
    expect(parseTwilioFrame(new ArrayBuffer(4)).ok).toBe(false);
    expect(parseTwilioFrame("x".repeat(20_000)).ok).toBe(false);
    const badDigit = { event: "dtmf", streamSid: "MZ1", sequenceNumber: "3", dtmf: { track: "inbound_track", digit: "77" } };
    expect(parseTwilioFrame(JSON.stringify(badDigit)).ok).toBe(false);
  });

  it("checks media frames in place exactly as the schema does: same message, same refusals with zod's errors", () => {
    const good = { event: "media", sequenceNumber: "2", streamSid: "MZ1", media: { track: "inbound", chunk: "1", timestamp: "5", payload: "//8=" } };
    const variants: unknown[] = [
      good,
      { ...good, extra: 1, media: { ...good.media, more: "x" } },
      { ...good, media: { ...good.media, track: "outbound" } },
      { ...good, media: { ...good.media, payload: "" } },
      { ...good, sequenceNumber: 2 },
      { ...good, sequenceNumber: "" },
      { ...good, sequenceNumber: "1".repeat(16) },
      { ...good, sequenceNumber: "-1" },
      { ...good, sequenceNumber: "１" },
      { ...good, streamSid: "" },
      { ...good, streamSid: "M".repeat(65) },
      { ...good, streamSid: 7 },
      { ...good, media: null },
      { ...good, media: [] },
      { ...good, media: "x" },
      { ...good, media: { ...good.media, track: "both" } },
      { ...good, media: { ...good.media, chunk: "1.5" } },
      { ...good, media: { ...good.media, chunk: 1 } },
      { ...good, media: { ...good.media, timestamp: "5\n" } },
      { ...good, media: { ...good.media, payload: "//8=\n" } },
      { ...good, media: { ...good.media, payload: "//8*" } },
      { ...good, media: { ...good.media, payload: "=//8" } },
      { ...good, media: { ...good.media, payload: 5 } },
      { ...good, media: { ...good.media, payload: "A".repeat(16_385) } },
      { ...good, media: { track: "inbound", chunk: "1", timestamp: "5" } },
      { event: "media", sequenceNumber: "2", media: good.media },
      [good],
      null,
    ];
    const reader = new MediaFrameReader();
    let readInPlace = 0;
    for (const raw of variants) {
      const zod = twilioInboundSchema.safeParse(raw);
      const text = JSON.stringify(raw);
      // Read in place only what zod accepts; the parser's answer is zod's either way.
      if (readPlainMediaFrame(text, reader)) {
        readInPlace++;
        expect(zod.success, text).toBe(true);
      }
      const parsed = parseTwilioFrame(text);
      expect(parsed, text).toEqual(zod.success ? { ok: true, message: zod.data } : { ok: false, error: expect.any(String) });
    }
    // good, outbound, the empty payload (the one with extra keys goes through JSON.parse and zod).
    expect(readInPlace).toBe(3);
    // Bad frames are refused with the schema's own words.
    expect(parseTwilioFrame(JSON.stringify({ ...good, media: { ...good.media, payload: "//8*" } }))).toEqual({ ok: false, error: "invalid message: media.payload: base64" });
    expect(parseTwilioFrame(JSON.stringify({ ...good, media: { ...good.media, chunk: "x" } }))).toEqual({ ok: false, error: "invalid message: media.chunk: a decimal string" });
  });

  it("builds outbound media, mark and clear exactly", () => {
    expect(JSON.parse(new MediaMessageWriter("MZ1").text(new Uint8Array([255, 255])))).toEqual({ event: "media", streamSid: "MZ1", media: { payload: "//8=" } });
    expect(markMessage("MZ1", "m1")).toEqual({ event: "mark", streamSid: "MZ1", mark: { name: "m1" } });
    expect(clearMessage("MZ1")).toEqual({ event: "clear", streamSid: "MZ1" });
    for (const m of [markMessage("MZ1", "a"), clearMessage("MZ1")]) expect(twilioOutboundSchema.parse(m)).toEqual(m);
  });

  it("writes a media message's text as JSON.stringify would, for any payload length and any stream id", () => {
    const audio = new Uint8Array(1700).map((_, i) => (i * 89 + 3) % 256);
    for (const streamSid of ["MZ18ad3ab5a668481ce02b83e7395059f0", 'a "quoted" \\ sid', "é\u2028\u0001"]) {
      const writer = new MediaMessageWriter(streamSid);
      // Lengths up and down: the writer's buffer grows and is then reused for shorter messages.
      for (const n of [0, 1, 2, 3, 160, 800, 1700, 799, 4, 0]) {
        const bytes = audio.subarray(0, n);
        const text = writer.text(bytes);
        const message = { event: "media", streamSid, media: { payload: Buffer.from(bytes).toString("base64") } };
        expect(text).toBe(JSON.stringify(message));
        expect(twilioOutboundSchema.parse(JSON.parse(text))).toEqual(message);
      }
    }
  });
});
