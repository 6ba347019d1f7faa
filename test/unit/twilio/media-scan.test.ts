// The in-place reader of Twilio media frames (worker/twilio/media-scan.ts) never accepts a frame that
// JSON.parse + mediaMessageSchema refuse, and reads the same values when both accept: on Twilio's
// layout, on valid frames laid out otherwise (left to the JSON path), and on thousands of mutated
// frames. The phone stream hears the same audio from a frame either way.
import { describe, expect, it } from "vitest";
import { PhoneStream } from "../../../worker/call/lines/phone-stream";
import { mediaMessageSchema } from "../../../worker/twilio/media-messages";
import { emptyScan, scanMediaFrame } from "../../../worker/twilio/media-scan";

const PAYLOAD = btoa(String.fromCharCode(...Array.from({ length: 160 }, (_, i) => (i * 37) % 256)));
const SID = "MZ18ad3ab5a668481ce02b83e7395059f0";

/** A media frame in Twilio's layout (the key order of its docs and of our simulator). */
function twilioFrame(seq = "4", chunk = "2", timestamp = "20", payload = PAYLOAD, sid = SID, track = "inbound"): string {
  return JSON.stringify({ event: "media", sequenceNumber: seq, media: { track, chunk, timestamp, payload }, streamSid: sid });
}

/** The scan's reading of `frame`, as the schema's message would give it, or null when it declines. */
function scanned(frame: string) {
  const s = emptyScan();
  if (!scanMediaFrame(frame, s)) return null;
  return {
    sequenceNumber: s.sequenceNumber,
    streamSid: frame.slice(s.sidStart, s.sidEnd),
    track: s.track,
    chunk: s.chunk,
    timestamp: s.timestamp,
    payload: frame.slice(s.payloadStart, s.payloadEnd),
  };
}

/** The JSON path's reading: JSON.parse + the schema, in the same terms. */
function parsed(frame: string) {
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return null;
  }
  const r = mediaMessageSchema.safeParse(raw);
  if (!r.success) return null;
  const m = r.data;
  return {
    sequenceNumber: Number(m.sequenceNumber),
    streamSid: m.streamSid,
    track: m.media.track,
    chunk: Number(m.media.chunk),
    timestamp: Number(m.media.timestamp),
    payload: m.media.payload,
  };
}

/** Deterministic mutations: a character replaced, deleted or inserted, or a slice repeated. */
function mutations(base: string, count: number, seed = 7): string[] {
  let x = seed;
  const rand = (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
  const alphabet = ['"', "\\", "{", "}", ":", ",", "=", "A", "0", "9", "+", "/", " ", "\n", "\u0001", "é", "\ud800", "-", ".", "e", "m"];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = rand(base.length);
    const c = alphabet[rand(alphabet.length)]!;
    switch (rand(4)) {
      case 0:
        out.push(base.slice(0, at) + c + base.slice(at + 1));
        break;
      case 1:
        out.push(base.slice(0, at) + base.slice(at + 1));
        break;
      case 2:
        out.push(base.slice(0, at) + c + base.slice(at));
        break;
      default: {
        const len = 1 + rand(12);
        out.push(base.slice(0, at) + base.slice(at, at + len) + base.slice(at));
      }
    }
  }
  return out;
}

describe("Twilio media frames read in place", () => {
  it("reads Twilio's layout with the values the schema gives", () => {
    for (const frame of [twilioFrame(), twilioFrame("999999999999999", "0", "007", "", "M", "outbound"), twilioFrame("1", "1", "0", "//8=", "x".repeat(64))]) {
      expect(scanned(frame), frame).not.toBeNull();
      expect(scanned(frame), frame).toEqual(parsed(frame));
    }
  });

  it("leaves valid frames laid out otherwise to the JSON path", () => {
    const m = JSON.parse(twilioFrame()) as Record<string, unknown>;
    const others = [
      JSON.stringify(m, null, 1),
      JSON.stringify({ streamSid: SID, ...m }),
      JSON.stringify({ ...m, extra: true }),
      `${twilioFrame()} `,
      twilioFrame().replace('"payload":"', '"payload":"\\u0041').replace(PAYLOAD, PAYLOAD.slice(1)),
    ];
    for (const frame of others) {
      expect(parsed(frame), frame).not.toBeNull();
      expect(scanned(frame), frame).toBeNull();
    }
  });

  it("declines what the schema refuses", () => {
    const refused = [
      twilioFrame(""),
      twilioFrame("1".repeat(16)),
      twilioFrame("-1"),
      twilioFrame("1", "1.5"),
      twilioFrame("1", "1", "5\n"),
      twilioFrame("1", "1", "5", "//8*"),
      twilioFrame("1", "1", "5", "=//8"),
      twilioFrame("1", "1", "5", "//8==="),
      twilioFrame("1", "1", "5", PAYLOAD, ""),
      twilioFrame("1", "1", "5", PAYLOAD, "M".repeat(65)),
      twilioFrame("1", "1", "5", PAYLOAD, SID, "both"),
      twilioFrame("1", "1", "5", "A".repeat(16_385)),
      twilioFrame().slice(0, -1),
      twilioFrame().replace('"event":"media"', '"event":"mark"'),
    ];
    for (const frame of refused) {
      expect(parsed(frame), frame).toBeNull();
      expect(scanned(frame), frame).toBeNull();
    }
  });

  it("never accepts a mutated frame the JSON path refuses, and reads the same values when both accept", () => {
    let both = 0;
    let declined = 0;
    const mismatches: string[] = [];
    for (const base of [twilioFrame(), twilioFrame("12", "345", "6880", "//8=", "MZ1")]) {
      for (const frame of mutations(base, 6000)) {
        const fast = scanned(frame);
        if (!fast) {
          declined++;
          continue;
        }
        const slow = parsed(frame);
        if (JSON.stringify(fast) !== JSON.stringify(slow)) mismatches.push(frame);
        else both++;
      }
    }
    expect(mismatches).toEqual([]);
    // The mutations reach both sides of the line: values changed within the layout, and broken frames.
    expect(both).toBeGreaterThan(500);
    expect(declined).toBeGreaterThan(5000);
  });

  it("gives the phone stream the same audio as the JSON path", () => {
    const socket = { send: () => {}, close: () => {} } as unknown as WebSocket;
    const inPlace = new PhoneStream(socket, SID);
    const viaJson = new PhoneStream(socket, SID);
    for (let chunk = 1; chunk <= 3; chunk++) {
      const frame = twilioFrame(String(chunk + 2), String(chunk), String((chunk - 1) * 20));
      const a = inPlace.receive(frame);
      const b = viaJson.receive(JSON.stringify(JSON.parse(frame), null, 2));
      expect(a.kind).toBe("audio");
      expect(a).toEqual(b);
    }
    expect(inPlace.receive(twilioFrame("9", "4", "60", PAYLOAD, "MZother"))).toEqual({ kind: "ignored", why: "media outside the started stream" });
    expect(inPlace.stats.framesIn).toBe(3);
  });
});
