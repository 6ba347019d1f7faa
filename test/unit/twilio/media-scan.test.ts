// The media frame reader against JSON.parse and the schema: the same values whenever it reads a frame
// (and the in-place check accepts exactly what zod accepts), and a refusal (the usual parser decides)
// for anything outside Twilio's plain shape.
import { describe, expect, it } from "vitest";
import { rng } from "../../../scripts/seed/prng";
import { isPlainMediaFrame, mediaMessageSchema, parseTwilioFrame } from "../../../worker/twilio/media-messages";
import { MediaFrameReader } from "../../../worker/twilio/media-scan";

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

const reader = new MediaFrameReader();

/** The reader's reading of `text`: its fields as JSON.parse would give them, or null when it refused it. */
function scanMediaFrame(text: string): unknown {
  if (!reader.read(text)) return null;
  const media = { track: reader.value("track"), chunk: reader.value("chunk"), timestamp: reader.value("timestamp"), payload: reader.value("payload") };
  return { event: reader.value("event"), sequenceNumber: reader.value("sequenceNumber"), streamSid: reader.value("streamSid"), media };
}

describe("MediaFrameReader", () => {
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
      "{}", // keys missing: every one of the shape's eight is required
      '{"event":"media","media":{}}',
      frame.replace('"sequenceNumber":"42",', ""),
      frame.replace(',"payload":"/////35+fn5+//8="', ""),
    ];
    for (const text of outside) expect(scanMediaFrame(text), text).toBeNull();
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
      const plain = scanned !== null && isPlainMediaFrame(reader);
      if (scanned) {
        // Whatever the reader reads is valid JSON with these very fields.
        expect(JSON.parse(text), text).toEqual(scanned);
      }
      if (plain) {
        // …and what the in-place check accepts, the schema accepts as the same message, numbers included.
        read++;
        expect(viaSchema(text), text).toEqual(scanned);
        expect([reader.number("chunk"), reader.number("timestamp")]).toEqual([Number(JSON.parse(text).media.chunk), Number(JSON.parse(text).media.timestamp)]);
      } else if (scanned) {
        expect(viaSchema(text), text).toBeNull();
      }
      // The whole parser's answer is the schema's, whichever way it went.
      const parsed = parseTwilioFrame(text);
      const schema = viaSchema(text);
      if (schema) expect(parsed, text).toEqual({ ok: true, message: schema });
      else if (parsed.ok) expect(parsed.message.event, text).not.toBe("media");
    }
    // The mutations left some frames valid (e.g. a changed payload or digit), and those were read.
    expect(read).toBeGreaterThan(100);
    // 20,000 frames through the reader, JSON.parse and the schema take 2–7 s while the other suites run
    // beside it (it timed out at the default 5 s once): the time is the test's own work.
  }, 30_000);
});
