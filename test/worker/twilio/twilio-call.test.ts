// A phone call end to end through Twilio's protocols, played by the simulator: /twilio/voice (signed
// webhook, TwiML), /twilio/media/{callId} (signed upgrade straight to the call's Durable Object, stream
// token, 20 ms μ-law frames at real time),
// transcription and reply, reply audio as 160-byte μ-law frames with marks, barge-in → clear, stop →
// the call finalized with its transcript in D1.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LiveCallList } from "../../../protocol/live";
import { decodeMulaw } from "../../../worker/audio/mulaw";
import { createCallRow } from "../../../worker/db/call-writes";
import { db } from "../../../worker/db/client";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import waitWav from "../../fixtures/speech-wait.wav?inline";
import { pcmFromWavDataUrl } from "../support/audio";
import { callRow, d1Transcript, eventually, totals } from "../support/call";
import { createEcho } from "../support/echoes";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { createUser } from "../support/users";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const hello = pcmFromWavDataUrl(helloWav);
const wait = pcmFromWavDataUrl(waitWav);

const callByProviderId = (sid: string) => callBySid(env.DB, sid);

describe("a phone call through Twilio Media Streams", { timeout: 60_000 }, () => {
  it("unknown caller: the built-in assistant answers, replies in whole 160-byte μ-law frames with marks, clear on barge-in, stop finalizes", async () => {
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100901" });
    expect(Object.keys(call.twiml!.parameters)).toEqual(["token"]);

    const row = await callByProviderId(call.callSid);
    // The stream URL names the call in its path (Stream URLs take no query string).
    expect(call.twiml!.streamUrl).toBe(`wss://echo.test/twilio/media/${row!.id}`);
    expect(row).toMatchObject({ call_type: "phone", user_id: null, echo_id: null, status: "in-progress", from_number: "+15550100901" });

    await call.connect();
    await call.say(hello);
    // The reply comes back as audio: media frames, then a mark closing each sentence.
    await call.until(() => call.outboundOf("mark").length > 0, 15_000, "reply mark");
    expect(call.framesReceived).toBeGreaterThan(10);
    expect(call.violations).toEqual([]); // every media message is whole 160-byte frames
    // Audible speech, not silence: decode the first sentence's frames (those before its mark; how many
    // frames of the next sentence have also gone out by now depends on the machine's pace, and the gap
    // between sentences is silent) and look at their level.
    const firstMark = call.outbound.findIndex((m) => m.event === "mark");
    const peaks = call.outbound.slice(0, firstMark).flatMap((m) => {
      if (m.event !== "media") return [];
      const pcm = decodeMulaw(Uint8Array.from(atob(m.media.payload), (c) => c.charCodeAt(0)));
      // one peak per 20 ms frame (a message may carry several)
      return Array.from({ length: pcm.length / 160 }, (_, f) => Math.max(...pcm.subarray(f * 160, (f + 1) * 160).map(Math.abs)));
    });
    expect(peaks.length).toBeGreaterThan(10);
    expect(peaks.filter((p) => p > 500).length).toBeGreaterThan(peaks.length / 4);
    // Every mark closes media sent since the previous mark or clear.
    call.outbound.forEach((m, i) => {
      if (m.event === "mark") expect(call.outbound[i - 1]?.event).toBe("media");
    });

    // The caller talks over the reply while Twilio still has audio buffered → clear.
    await call.until(() => call.playedBytes > 0, 5000, "playback");
    await call.say(wait);
    await call.until(() => call.outboundOf("clear").length > 0, 10_000, "clear");
    expect(call.violations).toEqual([]);

    await call.hangUp();
    expect(call.closed?.code).toBe(1000);
    const ended = await eventually(async () => {
      const r = await callByProviderId(call.callSid);
      return r?.status === "completed" ? r : null;
    });
    expect(ended).toMatchObject({ status: "completed", end_reason: "caller_hung_up", user_id: null });
    expect(ended.duration).toBeGreaterThanOrEqual(3);
    const transcript = await d1Transcript(ended.id);
    expect(transcript.filter((e) => e.speaker === "caller").length).toBeGreaterThanOrEqual(2);
    const assistant = transcript.filter((e) => e.speaker === "assistant");
    expect(assistant.length).toBeGreaterThanOrEqual(1);
    expect(assistant[0]!.interrupted).toBe(true);
    // The marks sent name assistant entries (a mark goes once its sentence's audio has been sent).
    for (const m of call.outboundOf("mark")) expect(assistant.some((a) => m.mark.name.startsWith(`${a.id}:`))).toBe(true);
  });

  it("linked caller: their phone Echo answers and the call is theirs (Call History after it ends)", async () => {
    const owner = await createUser({ phoneNumber: "+15550100902" });
    await createEcho(owner.user.id, { name: "Older", updatedAt: 1 });
    const chosen = await createEcho(owner.user.id, { name: "Phone Sage", updatedAt: 2 });
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100902" });
    const row = await callByProviderId(call.callSid);
    expect(row).toMatchObject({ user_id: owner.user.id, echo_id: chosen.id, call_type: "phone", status: "in-progress" });

    // It is one of the owner's Live Calls while it runs…
    const liveCalls = async () =>
      ((await (await exports.default.fetch("https://echo.test/api/live-calls", { headers: owner.headers })).json()) as LiveCallList).calls;
    expect(await liveCalls()).toEqual([expect.objectContaining({ id: row!.id, callType: "phone", fromNumber: "+15550100902", echoName: "Phone Sage" })]);

    await call.connect();
    await call.say(hello);
    await call.until(() => call.outboundOf("mark").length > 0, 15_000, "reply");
    await call.hangUp();
    await eventually(async () => (await callRow(row!.id))?.status === "completed");
    expect(await totals(owner.user.id, chosen.id)).toEqual({ user: 1, echo: 1 });
    // …and then in their Call History.
    expect(await liveCalls()).toEqual([]);
    const history = (await (await exports.default.fetch("https://echo.test/api/calls", { headers: owner.headers })).json()) as { calls: { id: string; fromNumber: string | null }[] };
    expect(history.calls.map((c) => [c.id, c.fromNumber])).toEqual([[row!.id, "+15550100902"]]);
    const transcript = await d1Transcript(row!.id);
    expect(transcript.map((e) => e.speaker)).toContain("assistant");
  });

  it("a retried voice webhook for the same CallSid joins the same call", async () => {
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100903", callSid: "CA" + "7".repeat(32) });
    const again = await TwilioCall.dial(net, { authToken, from: "+15550100903", callSid: "CA" + "7".repeat(32) });
    const rows = await env.DB.prepare("select id from calls where provider_call_id = ?").bind(call.callSid).all();
    expect(rows.results).toHaveLength(1);
    expect(again.twiml!.streamUrl).toBe(call.twiml!.streamUrl);
  });

  it("a retried voice webhook prepares the call's object when the first try wrote the row and failed", async () => {
    // The first try got as far as the call row, then failed before its Durable Object was prepared.
    const callSid = "CA" + "8".repeat(32);
    const callId = crypto.randomUUID();
    const startTime = Date.now() - 2_000;
    await createCallRow(db(env.DB), { id: callId, userId: null, echoId: null, callType: "phone", startTime, fromNumber: "+15550100904", providerCallId: callSid });

    const call = await TwilioCall.dial(net, { authToken, from: "+15550100904", callSid });
    expect(call.twiml!.streamUrl).toBe(`wss://echo.test/twilio/media/${callId}`);
    await call.connect(); // refused with 404 before: the object had no call waiting for its stream
    await call.say(hello);
    await call.until(() => call.outboundOf("mark").length > 0, 15_000, "reply mark");
    await call.hangUp();
    await eventually(async () => (await callByProviderId(callSid))?.status === "completed", 10_000);
    expect((await callByProviderId(callSid))?.start_time).toBe(startTime); // the call's own start, kept
  });
});
