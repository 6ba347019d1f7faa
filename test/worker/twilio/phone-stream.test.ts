// The phone line's media stream codec on its own, over a real WebSocket pair: reply audio in 100 ms
// messages of 160-byte μ-law frames (their framing: test/unit/twilio/reply-media.test.ts) and marks sent at
// playback pace, clear, inbound decoding, gap counting and the lag statistics.
import { describe, expect, it } from "vitest";
import { lagPercentile } from "../../../worker/twilio/frame-lag";
import { PhoneStream } from "../../../worker/twilio/media-stream";
import { twilioOutboundSchema } from "../../../worker/twilio/media-messages";
import { eventually } from "../support/call";

function pair(): { transport: PhoneStream; sent: unknown[]; closed: { code?: number; reason?: string } } {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  client.accept();
  const sent: unknown[] = [];
  const closed: { code?: number; reason?: string } = {};
  client.addEventListener("message", (ev) => sent.push(JSON.parse(ev.data as string)));
  client.addEventListener("close", (ev) => Object.assign(closed, { code: ev.code, reason: ev.reason }));
  return { transport: new PhoneStream(server), sent, closed };
}

const tick = () => new Promise((r) => setTimeout(r, 20));
/** 20 ms frames in each `media` message sent (160 bytes each). */
const framesPerMessage = (sent: unknown[]) =>
  sent.flatMap((m) => {
    const media = m as { event: string; media?: { payload: string } };
    return media.event === "media" ? [atob(media.media!.payload).length / 160] : [];
  });
const framesIn = (sent: unknown[]) => framesPerMessage(sent).reduce((a, b) => a + b, 0);
/** The most reply frames the line may have sent `elapsedMs` after the audio began: a 280 ms lead, in whole 100 ms messages. */
const leadFrames = (elapsedMs: number) => 5 * Math.floor(Math.floor((elapsedMs + 280) / 20) / 5);
const start = (sid = "MZ1") =>
  JSON.stringify({
    event: "start",
    sequenceNumber: "1",
    streamSid: sid,
    start: { accountSid: "AC1", streamSid: sid, callSid: "CA1", tracks: ["inbound"], mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 }, customParameters: {} },
  });
const media = (chunk: number, payload = btoa(String.fromCharCode(...new Uint8Array(160).fill(0xff))), track = "inbound") =>
  JSON.stringify({ event: "media", sequenceNumber: String(chunk + 1), streamSid: "MZ1", media: { track, chunk: String(chunk), timestamp: String((chunk - 1) * 20), payload } });

describe("PhoneStream", () => {
  it("sends nothing before start; then media frames at playback pace and a mark per sentence; clear on barge-in", async () => {
    const { transport, sent } = pair();
    transport.sendAudio(new Int16Array(3200), 16000, "e1");
    await tick();
    expect(sent).toEqual([]);

    expect(transport.receive(start())).toMatchObject({ kind: "start", streamSid: "MZ1", callSid: "CA1" });
    const sentence = Int16Array.from({ length: 8000 }, (_, i) => Math.round(8000 * Math.sin(i / 5))); // 0.5 s at 16 kHz
    const startedAt = Date.now();
    transport.sendAudio(sentence, 16000, "e1");
    transport.sendAudio(sentence.subarray(0, 3000), 16000, "e1");
    expect(transport.playing).toBe(true);
    const events = () => sent.map((m) => (m as { event: string }).event);
    // The lead (280 ms: two 100 ms messages) goes at once; the rest follows as it plays. (A third
    // message only if the clock moved 20 ms between the two sends: a loaded machine.)
    expect(transport.stats.framesOut).toBeGreaterThanOrEqual(10);
    expect(transport.stats.framesOut).toBeLessThanOrEqual(leadFrames(Date.now() - startedAt));
    await tick();
    // Never ahead of playback, however long the tick took on a loaded machine.
    expect(framesIn(sent)).toBeLessThanOrEqual(leadFrames(Date.now() - startedAt));
    await eventually(async () => events().filter((e) => e === "mark").length === 2, 3000);
    // 35 frames (700 ms) minus the 280 ms lead: the last left no sooner than ~420 ms after the first.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(380);
    for (const m of sent) expect(twilioOutboundSchema.parse(m)).toEqual(m);
    // 4000 samples at 8 kHz → 25 frames in 5 messages, 1500 → 10 frames (the last padded) in 2.
    expect(framesPerMessage(sent)).toEqual([5, 5, 5, 5, 5, 5, 5]);
    expect(events().indexOf("mark")).toBe(5);
    expect(sent.filter((m) => (m as { event: string }).event === "mark").map((m) => (m as { mark: { name: string } }).mark.name)).toEqual(["e1:1", "e1:2"]);

    // Twilio reports the first mark played: audio is still buffered; then a barge-in: nothing is.
    transport.receive(JSON.stringify({ event: "mark", sequenceNumber: "9", streamSid: "MZ1", mark: { name: "e1:1" } }));
    expect(transport.playing).toBe(true);
    transport.stopPlayback("e1");
    expect(transport.playing).toBe(false);
    await tick();
    expect(sent.at(-1)).toEqual({ event: "clear", streamSid: "MZ1" });
    transport.send({ type: "ai_response", text: "not for phones" });
    await tick();
    expect((sent.at(-1) as { event: string }).event).toBe("clear");
  });

  it("a barge-in drops the reply audio not sent yet, with its mark", async () => {
    const { transport, sent } = pair();
    transport.receive(start());
    const startedAt = Date.now();
    transport.sendAudio(new Int16Array(32000).fill(3000), 16000, "e2"); // 2 s: 100 frames
    await tick();
    const stoppedAfterMs = Date.now() - startedAt;
    transport.stopPlayback("e2");
    await tick();
    const count = sent.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(sent.length).toBe(count);
    expect(sent.at(-1)).toEqual({ event: "clear", streamSid: "MZ1" });
    // What had played by the barge-in, and no more (of 100).
    expect(framesIn(sent)).toBeLessThanOrEqual(leadFrames(stoppedAfterMs));
    expect(sent.some((m) => (m as { event: string }).event === "mark")).toBe(false);
  });

  it("only reads the reply audio it is given (engines hand the same speech to every call)", async () => {
    const { transport, sent } = pair();
    transport.receive(start());
    const sentence = Int16Array.from({ length: 4001 }, (_, i) => Math.round(12000 * Math.sin(i / 7))); // odd length at 16 kHz
    const before = sentence.slice();
    transport.sendAudio(sentence, 16000, "e3");
    transport.sendAudio(sentence.subarray(0, 801), 8000, "e3");
    await eventually(async () => sent.filter((m) => (m as { event: string }).event === "mark").length === 2, 3000);
    expect(framesIn(sent)).toBe(13 + 6); // 2000 samples at 8 kHz → 13 frames; 801 → 6
    expect(sentence).toEqual(before);
  });

  it("decodes inbound frames to 320 samples at 16 kHz, ignores other tracks, counts gaps", () => {
    const { transport } = pair();
    expect(transport.receive(media(1)).kind).toBe("ignored"); // before start
    transport.receive(start());
    const audio = transport.receive(media(1));
    expect(audio.kind === "audio" && audio.pcm.length).toBe(320);
    expect(transport.receive(media(2, undefined, "outbound")).kind).toBe("ignored");
    transport.receive(media(2));
    transport.receive(media(5)); // 3 and 4 never came
    expect(transport.stats).toMatchObject({ framesIn: 3, framesMissing: 2 });
    expect(transport.receive("{bad").kind).toBe("invalid");
    expect(transport.receive(JSON.stringify({ event: "dtmf", streamSid: "MZ1", sequenceNumber: "7", dtmf: { track: "inbound_track", digit: "#" } }))).toEqual({ kind: "dtmf", digit: "#" });
    expect(transport.receive(JSON.stringify({ event: "stop", sequenceNumber: "8", streamSid: "MZ1", stop: { accountSid: "AC1", callSid: "CA1" } }))).toEqual({ kind: "stop", callSid: "CA1" });
  });

  it("once started, frames naming another stream are not this call's: a second start is refused, stop/dtmf/mark/media ignored", () => {
    const { transport } = pair();
    expect(transport.receive(JSON.stringify({ event: "stop", sequenceNumber: "2", streamSid: "MZ1", stop: { accountSid: "AC1", callSid: "CA1" } })).kind).toBe("ignored"); // before start
    transport.receive(start());
    expect(transport.receive(start("MZ2"))).toEqual({ kind: "invalid", error: "start for another stream on a started socket" });
    expect(transport.stream).toBe("MZ1");
    expect(transport.receive(start()).kind).toBe("start"); // the same stream again is harmless
    const other = (event: object) => transport.receive(JSON.stringify({ sequenceNumber: "3", streamSid: "MZ2", ...event })).kind;
    expect(other({ event: "stop", stop: { accountSid: "AC1", callSid: "CA1" } })).toBe("ignored");
    expect(other({ event: "dtmf", dtmf: { track: "inbound_track", digit: "1" } })).toBe("ignored");
    expect(other({ event: "mark", mark: { name: "e1:1" } })).toBe("ignored");
    expect(transport.receive(media(2)).kind).toBe("audio"); // the started stream still gets through
  });

  it("answers a media frame read in place exactly as the same frame parsed (escaped, so JSON.parse reads it)", () => {
    // An escape in the event name keeps the frame out of the in-place reader: the parsed path.
    const parsedWay = (text: string) => text.replace('"event":"media"', '"event":"medi\\u0061"');
    const speech = btoa(String.fromCharCode(...Uint8Array.from({ length: 160 }, (_, i) => (i * 37) % 256)));
    const frames = [
      media(1, speech),
      media(2, speech, "outbound"),
      media(4, speech), // chunks 2 (another track) and 3 missing
      media(5, "A"), // base64 by the schema's pattern, but not decodable
      media(6, speech.slice(0, 8)), // 6 bytes
      media(7, speech).replace('"MZ1"', '"MZ2"'), // another stream
      media(8, speech).replace('"8"', '"08"'),
    ];
    const inPlace = pair().transport;
    const parsed = pair().transport;
    for (const t of [inPlace, parsed]) t.receive(start());
    for (const frame of frames) {
      expect(parsedWay(frame)).not.toBe(frame);
      const a = inPlace.receive(frame);
      const b = parsed.receive(parsedWay(frame));
      expect(a.kind === "audio" ? { kind: "audio", pcm: [...a.pcm] } : a, frame).toEqual(b.kind === "audio" ? { kind: "audio", pcm: [...b.pcm] } : b);
    }
    expect(inPlace.stats).toEqual(parsed.stats);
    // Audio from chunks 1, 4, 6 and 8; 2, 3, 5 and 7 never arrived as this stream's inbound audio.
    expect(inPlace.stats).toMatchObject({ framesIn: 4, framesMissing: 4 });
  });

  it("once Twilio has closed the stream, a reply still queued stops going out (dispose), and the statistics are kept", async () => {
    const { transport, sent } = pair();
    transport.receive(start());
    transport.receive(media(1));
    transport.sendAudio(new Int16Array(32000).fill(3000), 16000, "e4"); // 2 s: 100 frames, 14 sent at once
    await tick();
    const summary = transport.dispose();
    expect(summary).toMatch(/^frames in 1, missing 0, out \d+; lag p50/);
    const framesOut = transport.stats.framesOut;
    expect(framesOut).toBeLessThan(100);
    const count = sent.length;
    await new Promise((r) => setTimeout(r, 300)); // the stand-by pump timer would have sent ~15 more frames
    expect(sent.length).toBe(count);
    expect(transport.stats.framesOut).toBe(framesOut);
    expect(transport.playing).toBe(false); // nothing more will play
  });

  it("ends the stream with its statistics as the close reason", async () => {
    const { transport, closed } = pair();
    transport.receive(start());
    transport.receive(media(1));
    transport.end("caller_hung_up", "call-1");
    await tick();
    expect(closed.code).toBe(1000);
    expect(closed.reason).toMatch(/^frames in 1, missing 0, out 0; lag p50 \d+ ms, p99 \d+ ms; start \d+ ms$/);
  });

  it("lagPercentile reads a 1 ms histogram", () => {
    const h = new Array<number>(100).fill(0);
    h[1] = 98;
    h[30] = 2;
    expect(lagPercentile(h, 50)).toBe(1);
    expect(lagPercentile(h, 98)).toBe(1);
    expect(lagPercentile(h, 99)).toBe(30);
    expect(lagPercentile(new Array<number>(10).fill(0), 99)).toBe(0);
  });
});
