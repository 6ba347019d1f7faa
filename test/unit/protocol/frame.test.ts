// Reading socket frames with the shared protocol (protocol/frame.ts): one reader for both sides.
// (Moved from test/web/frames.test.ts when web/lib/frames.ts's hand-written guards gave way to it.)
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { transcriptEntrySchema } from "../../../protocol/call-messages";
import { messageReader, readFrame } from "../../../protocol/frame";

const entry = { id: "e1", seq: 0, speaker: "caller", text: "Hi", timestamp: 1, emotions: { joy: 0.4 } };
const reader = messageReader(
  z.discriminatedUnion("type", [z.object({ type: z.literal("pong") }), z.object({ type: z.literal("note"), text: z.string() })]),
  64,
);

describe("readFrame", () => {
  it("reads text frames holding a message of the schema, and nothing else, saying why", () => {
    expect(readFrame(reader, '{"type":"pong"}')).toEqual({ ok: true, message: { type: "pong" } });
    const cases: [unknown, string][] = [
      ["pong", "invalid-json"],
      ["{broken", "invalid-json"],
      ["[1,2]", "invalid-message"],
      ["null", "invalid-message"],
      ["42", "invalid-message"],
      ['"text"', "invalid-message"],
      ['{"text":"no type"}', "invalid-message"],
      ['{"type":7}', "invalid-message"],
      ['{"type":"dance"}', "unknown-type"],
      ['{"type":"note","text":5}', "invalid-message"],
      [new ArrayBuffer(2), "binary-frame"],
      [undefined, "binary-frame"],
      [JSON.stringify({ type: "note", text: "x".repeat(100) }), "frame-too-large"],
      [new ArrayBuffer(65), "frame-too-large"],
    ];
    for (const [frame, code] of cases) {
      const read = readFrame(reader, frame);
      expect(read, String(frame)).toMatchObject({ ok: false, code });
      if (!read.ok) expect(read.error, String(frame)).toMatch(/^[A-Z].{10,}\.$/); // a readable sentence
    }
  });

  it("names the field that is wrong", () => {
    expect(readFrame(reader, '{"type":"note","text":5}')).toMatchObject({ error: expect.stringMatching(/^Invalid note message: text: /) });
  });

  it("counts UTF-8 bytes, not characters, against the limit", () => {
    expect(readFrame(reader, JSON.stringify({ type: "note", text: "é".repeat(19) })).ok).toBe(true); // 44 chars, 63 bytes
    expect(readFrame(reader, JSON.stringify({ type: "note", text: "é".repeat(20) }))).toMatchObject({ ok: false, code: "frame-too-large", error: expect.stringContaining("(65 bytes; the limit is 64)") }); // 45 chars
  });

  it("never throws, whatever arrives", () => {
    for (const frame of ["\u0000", "{".repeat(10_000), '{"type":"note","text":"\\ud800"}', Symbol("x"), 1n, { type: "pong" }]) {
      expect(() => readFrame(reader, frame)).not.toThrow();
    }
  });
});

describe("transcriptEntrySchema", () => {
  it("accepts a transcript entry only with every field the UI reads", () => {
    const ok = (v: unknown) => transcriptEntrySchema.safeParse(v).success;
    expect(ok(entry)).toBe(true);
    expect(ok({ ...entry, interrupted: true, latency: null })).toBe(true);
    expect(ok({ ...entry, latency: { transcribeMs: 1, firstTokenMs: 2, firstAudioMs: 3 } })).toBe(true);
    expect(ok({ ...entry, speaker: "robot" })).toBe(false);
    expect(ok({ ...entry, seq: "0" })).toBe(false);
    expect(ok({ ...entry, emotions: { joy: "high" } })).toBe(false);
    expect(ok({ ...entry, emotions: [0.4] })).toBe(false);
    const { text: _text, ...noText } = entry;
    expect(ok(noText)).toBe(false);
  });
});
