// The media frame scanner against JSON.parse and the schema: the same message whenever it reads a
// frame, and null (the usual parser decides) for anything outside Twilio's plain shape.
import { describe, expect, it } from "vitest";
import { rng } from "../../scripts/seed/prng";
import { scanMediaFrame } from "../../worker/twilio/media-scan";
import { fastMediaMessage, mediaMessageSchema, parseTwilioFrame } from "../../worker/twilio/media-messages";

const media = { track: "inbound", chunk: "41", timestamp: "820", payload: "/////35+fn5+//8=" };
const good = { event: "media", sequenceNumber: "42", media, streamSid: "MZ18ad3ab5a668481ce02b83e7395059f0" };
const frame = JSON.stringify(good);

/** The schema's reading of a frame (JSON.parse, then zod), or null when either refuses it. */
function viaSchema(text: string): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = mediaMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

describe("scanMediaFrame", () => {
  it("reads Twilio's frame as JSON.parse does, in any key order and with spaces", () => {
    expect(scanMediaFrame(frame)).toEqual(good);
    const reordered = `{"streamSid":"${good.streamSid}","media":{"payload":"${media.payload}","timestamp":"820","chunk":"41","track":"inbound"},"sequenceNumber":"42","event":"media"}`;
    expect(scanMediaFrame(reordered)).toEqual(good);
    const spaced = ` { "event" : "media" , "sequenceNumber":"42", "media" : { "track":"inbound" ,"chunk":"41","timestamp":"820","payload":"${media.payload}" } ,"streamSid":"${good.streamSid}" } `;
    expect(scanMediaFrame(spaced)).toEqual(good);
    for (const text of [frame, reordered, spaced]) expect(parseTwilioFrame(text)).toEqual({ ok: true, message: viaSchema(text) });
  });

  it("leaves everything outside the plain shape to the usual parser", () => {
    const outside = [
      frame.replace('"media"', '"med\\u0069a"'), // an escape
      frame.replace("MZ18", "MZ\\u0031"), // one that JSON.parse would turn into another stream id
      frame.replace(",", ",\n"), // a line break
      frame.replace('"42"', "42"), // a number
      frame.replace('"42"', '["42"]'),
      frame.replace('"42"', "null"),
      frame.replace("}", ',"extra":"x"}'), // a key Twilio does not send
      frame.replace('"event":"media",', '"event":"media","event":"media",'), // a repeated key
      frame.replace('"track":"inbound",', '"track":"inbound","track":"outbound",'),
      frame.slice(0, -1), // cut short
      `${frame}x`,
      `${frame}${frame}`,
      `\uFEFF${frame}`,
      "",
      "{",
      '{"event":"media"',
      '{"media":"x"}',
      "[]",
    ];
    for (const text of outside) expect(scanMediaFrame(text), text).toBeNull();
    // An empty or partial object is read, and the schema check that follows refuses it.
    expect(fastMediaMessage(scanMediaFrame("{}"))).toBeNull();
    expect(fastMediaMessage(scanMediaFrame('{"event":"media","media":{}}'))).toBeNull();
  });

  it("never accepts a mutated frame the schema refuses, and reads every other one the same", () => {
    const next = rng(20261123);
    const alphabet = ['"', "{", "}", ":", ",", " ", "\\", "\n", "a", "1", "=", "/", "media", "event", "x"];
    let read = 0;
    for (let n = 0; n < 20_000; n++) {
      let text = frame;
      const edits = 1 + Math.floor(next() * 3);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * (text.length + 1));
        const piece = alphabet[Math.floor(next() * alphabet.length)]!;
        const kind = next();
        if (kind < 0.34) text = text.slice(0, at) + text.slice(at + 1); // delete one character
        else if (kind < 0.67) text = text.slice(0, at) + piece + text.slice(at); // insert
        else text = text.slice(0, at) + piece + text.slice(at + 1); // replace
      }
      const scanned = scanMediaFrame(text);
      const fast = scanned && fastMediaMessage(scanned);
      if (scanned) {
        // Whatever the scanner reads is valid JSON with these very fields.
        expect(JSON.parse(text), text).toEqual(scanned);
      }
      if (fast) {
        read++;
        expect(viaSchema(text), text).toEqual(fast);
      }
      // The whole parser's answer is the schema's, whichever way it went.
      const parsed = parseTwilioFrame(text);
      const schema = viaSchema(text);
      if (schema) expect(parsed, text).toEqual({ ok: true, message: schema });
      else if (parsed.ok) expect(parsed.message.event, text).not.toBe("media");
    }
    // The mutations left some frames valid (e.g. a changed payload or digit), and those were read.
    expect(read).toBeGreaterThan(100);
  });
});
