// Fuzz on the phone media socket (/twilio/media/{callId}) with a call in progress: after the stream's
// valid `start`, a seeded generator (the same run every time) sends valid media frames mixed with
// malformed JSON, wrong types, unknown events, oversized and binary frames, and out-of-order frames
// (a second start for another stream, media/dtmf/mark/stop naming another stream, bad base64, odd
// payload sizes, outbound-track media), marks and dtmf — while the simulator keeps streaming real-time
// audio. Twilio cannot read error messages, so a bad frame is logged and ignored (phone.ts): the socket
// stays open, the call stays in progress, the Echo still answers speech afterwards with media, and
// after hang-up the stored transcript holds the whole conversation, in order.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_TWILIO_FRAME_CHARS } from "../../../worker/twilio/media-messages";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import waitWav from "../../fixtures/speech-wait.wav?inline";
import { pcmFromWavDataUrl } from "../support/audio";
import { d1Transcript, eventually } from "../support/call";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { rng } from "../../../scripts/seed/prng";

const MESSAGES = 10_000;
const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const hello = pcmFromWavDataUrl(helloWav);
const wait = pcmFromWavDataUrl(waitWav);


function generator(random: () => number, streamSid: string, callSid: string) {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + int(0x2fff))).join("");
  const otherSid = () => "MZ" + Array.from({ length: 32 }, () => "0123456789abcdef"[int(16)]).join("");
  const quiet = (bytes: number) => btoa(String.fromCharCode(...Array.from({ length: bytes }, () => 0xff - int(4))));
  let chunk = 100_000;
  const media = (payload: string, over: Record<string, unknown> = {}) => ({
    event: "media",
    sequenceNumber: String(chunk),
    streamSid,
    media: { track: "inbound", chunk: String(++chunk), timestamp: String(chunk * 20), payload },
    ...over,
  });
  const makers: Array<[number, () => string | ArrayBuffer]> = [
    [12, () => JSON.stringify(media(quiet(160)))], // valid
    [4, () => JSON.stringify(media(quiet(1 + int(400))))], // a valid frame of an odd size
    [12, () => junk(1 + int(200))], // not JSON
    [6, () => JSON.stringify(pick([42, "text", null, true, [1, 2], []]))],
    [8, () => JSON.stringify({ event: junk(1 + int(12)), streamSid })], // unknown events
    [6, () => JSON.stringify({ ...media(quiet(160)), media: pick([null, 7, "x", { payload: 5 }]) })], // wrong types
    [6, () => JSON.stringify(media(pick(["%%%%", "not base64!", "AAAA=AAA", "A"])))], // bad base64
    [4, () => JSON.stringify(media(quiet(160), { streamSid: otherSid() }))], // another stream
    [3, () => JSON.stringify({ ...media(quiet(160)), media: { track: "outbound", chunk: "1", timestamp: "1", payload: quiet(160) } })],
    [1, () => JSON.stringify(media("A".repeat(MAX_TWILIO_FRAME_CHARS + int(20_000))))], // oversized
    [4, () => new Uint8Array(1 + int(64)).buffer], // binary
    [3, () => JSON.stringify({ event: "start", sequenceNumber: "1", streamSid: otherSid(), start: { accountSid: "AC" + "0".repeat(32), streamSid: otherSid(), callSid, tracks: ["inbound"], mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 }, customParameters: {} } })],
    [2, () => JSON.stringify({ event: "stop", sequenceNumber: "1", streamSid: otherSid(), stop: { accountSid: "AC" + "0".repeat(32), callSid } })], // stop for another stream
    [2, () => JSON.stringify({ event: "stop", streamSid, stop: pick([null, "x", {}]) })], // malformed stop
    [4, () => JSON.stringify({ event: "mark", sequenceNumber: "1", streamSid, mark: { name: pick([junk(8), "", "x:1"]) } })], // marks never sent
    [3, () => JSON.stringify({ event: "dtmf", sequenceNumber: "1", streamSid, dtmf: { track: "inbound_track", digit: pick(["#", "*", "9", "5"]) } })],
    [2, () => JSON.stringify({ event: "dtmf", streamSid, dtmf: { digit: pick([5, null, ""]) } })],
    [1, () => JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" })], // out of order
  ];
  const total = makers.reduce((s, [w]) => s + w, 0);
  return (): string | ArrayBuffer => {
    let r = random() * total;
    for (const [w, make] of makers) {
      r -= w;
      if (r < 0) return make();
    }
    return makers[0]![1]();
  };
}

// The timeout is a hang guard, not a speed check.
describe("fuzzing the phone media socket with a call in progress", { timeout: 120_000 }, () => {
  it("ignores 10,000 random, malformed, oversized and out-of-order frames; the call keeps answering and its transcript is whole", async () => {
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100931" });
    const row = await callBySid(env.DB, call.callSid);
    await call.connect();
    await call.say(hello);
    await call.until(() => call.outboundOf("mark").length > 0, 15_000, "first reply");

    const t0 = Date.now();
    const next = generator(rng(0x7e1e), call.streamSid, call.callSid);
    for (let i = 0; i < MESSAGES; i++) {
      call.sendRaw(next());
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 0));
    }
    console.log(`phone fuzz: ${MESSAGES} frames sent in ${Date.now() - t0} ms`);

    // Nothing ended the call: the socket is open, the row is in progress, no protocol violation came back.
    expect(call.closed).toBeNull();
    expect(call.violations).toEqual([]);
    expect(await callBySid(env.DB, call.callSid)).toMatchObject({ id: row!.id, status: "in-progress" });

    // Still a working call: speech after the storm is answered with new audio and a new mark.
    const marks = call.outboundOf("mark").length;
    const frames = call.framesReceived;
    await call.say(wait);
    await call.until(() => call.outboundOf("mark").length > marks, 20_000, "reply after the fuzz");
    expect(call.framesReceived).toBeGreaterThan(frames);
    expect(call.violations).toEqual([]);

    await call.hangUp();
    expect(call.closed?.code).toBe(1000);
    const ended = await eventually(async () => {
      const r = await callBySid(env.DB, call.callSid);
      return r?.status === "completed" ? r : null;
    });
    expect(ended).toMatchObject({ status: "completed", end_reason: "caller_hung_up" });
    const transcript = await d1Transcript(ended.id);
    expect(transcript.map((e) => e.seq)).toEqual(transcript.map((_, i) => i + 1));
    expect(transcript.filter((e) => e.speaker === "caller").length).toBeGreaterThanOrEqual(2);
    const assistant = transcript.filter((e) => e.speaker === "assistant");
    expect(assistant.length).toBeGreaterThanOrEqual(2);
    // Every mark sent names a stored assistant line: no reply was lost.
    for (const m of call.outboundOf("mark")) expect(assistant.some((a) => m.mark.name.startsWith(`${a.id}:`))).toBe(true);
  });
});
