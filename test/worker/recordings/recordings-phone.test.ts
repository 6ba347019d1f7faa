// Call recordings of phone calls (browser calls, reading, deleting and expiring: recordings.test.ts):
// the caller hears the consent notice only when recording is on, before the greeting, and only what
// was said to the caller is stored.
import { env, exports } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { CallDetail } from "../../../protocol/call-history";
import { RECORDING_NOTICE } from "../../../protocol/phone";
import { parseWav } from "../../../worker/audio/wav";
import type { CallSession } from "../../../worker/call/CallSession";
import type { CallStore } from "../../../worker/call/store";
import { selectProvider } from "../../../worker/ai/select";
import { MODELS, WorkersAiProvider } from "../../../worker/ai/workers-ai/provider";
import { listChunks } from "../../../worker/recordings/objects";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, silence } from "../support/audio";
import { callRow, callStub, d1Transcript, eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { api } from "../support/live";
import { ChaosAi } from "../support/chaos-ai";
import { HeldProvider } from "../support/providers";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { getRecording, peak, recordingStartedAt } from "../support/recordings";
import { createUser } from "../support/users";

const hello = pcmFromWavDataUrl(helloWav);
const net = fetcherNetwork(exports.default, "https://echo.test");

/** A call from a number linked to an account whose phone Echo records calls: dialed, not connected. */
async function dialRecorded(from: string) {
  const owner = await createUser({ phoneNumber: from });
  await createEcho(owner.user.id, { name: "Phone Sage", recordCalls: true });
  const call = await TwilioCall.dial(net, { authToken: env.TWILIO_AUTH_TOKEN!, from });
  return { owner, call, row: (await callBySid(env.DB, call.callSid))! };
}

describe("recording a phone call", { timeout: 60_000 }, () => {
  const authToken = env.TWILIO_AUTH_TOKEN!;

  async function phoneCall(from: string, recordCalls: boolean) {
    const owner = await createUser({ phoneNumber: from });
    await createEcho(owner.user.id, { name: "Phone Sage", recordCalls });
    const call = await TwilioCall.dial(net, { authToken, from });
    const row = (await callBySid(env.DB, call.callSid))!;
    await call.connect();
    await call.until(() => call.outboundOf("mark").length >= 1, 15_000, "first prompt");
    await call.say(hello);
    // The reply to "hello" is stored, and every sentence queued so far has been heard (its mark came back).
    await eventually(async () => {
      const speakers = await runInDurableObject(callStub(row.id), (instance: CallSession) => (instance as unknown as { store: CallStore }).store.entries().map((e) => e.speaker));
      return speakers.lastIndexOf("assistant") > speakers.indexOf("caller") && speakers.includes("caller");
    }, 20_000);
    await call.until(() => call.marksEchoed.length >= call.outboundOf("mark").length, 20_000, "reply heard");
    await call.say(silence(5500));
    await call.hangUp();
    await eventually(async () => (await callRow(row.id))?.status === "completed");
    return { owner, callId: row.id, transcript: await d1Transcript(row.id) };
  }

  it("recording on: the caller hears the notice first, then the greeting; the audio is stored", async () => {
    const { owner, callId, transcript } = await phoneCall("+15550100931", true);
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: RECORDING_NOTICE });
    expect(transcript[1]?.speaker).toBe("assistant"); // the greeting follows
    await eventually(async () => (await recordingStartedAt(callId)) !== null);
    const res = await getRecording(owner, callId, "bytes=0-");
    expect(res.status).toBe(206);
    const wav = parseWav(new Uint8Array(await res.arrayBuffer()));
    expect(wav.samples.length).toBeGreaterThanOrEqual(hello.length);
    const notice = (await (await api(owner, "GET", `/api/calls/${callId}`)).json<CallDetail>()).transcript[0]!;
    const at = notice.audioOffsetMs! * 16;
    expect(peak(wav.samples.subarray(at, at + 8000))).toBeGreaterThan(500); // the notice is in the recording
  });

  it("speech down as a recorded call connects: the notice is still said first, in the bundled voice", async () => {
    const { call, row } = await dialRecorded("+15550100933");
    const chaos = new ChaosAi().breakFor(MODELS.tts, "hang", 1);
    await runInDurableObject(callStub(row.id), (instance: CallSession) => instance.useProvider(new WorkersAiProvider(chaos.binding)));
    await call.connect();
    await call.until(() => call.outboundOf("mark").length >= 2, 20_000, "notice and greeting");
    await call.hangUp();
    await eventually(async () => (await callRow(row.id))?.status === "completed");
    const transcript = await d1Transcript(row.id);
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: RECORDING_NOTICE });
    expect(transcript[1]?.speaker).toBe("assistant"); // the greeting follows, in the Echo's voice again
    expect(chaos.count(MODELS.tts)).toBeGreaterThanOrEqual(2);
  });

  it("recording off: no notice and no recording", async () => {
    const { owner, callId, transcript } = await phoneCall("+15550100932", false);
    expect(transcript.map((e) => e.text)).not.toContain(RECORDING_NOTICE);
    expect(transcript[0]?.speaker).toBe("assistant"); // the greeting is still first
    expect(await recordingStartedAt(callId)).toBeNull();
    expect((await getRecording(owner, callId)).status).toBe(404);
  });

  it("a recorded call whose stream never connects records nothing (no silence)", async () => {
    const { owner, call, row } = await dialRecorded("+15550100934");
    // Two sync alarms while the call waits for its stream, some wall-clock time apart.
    for (let i = 0; i < 2; i++) {
      expect(await runDurableObjectAlarm(callStub(row.id))).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(await recordingStartedAt(row.id)).toBeNull();
    expect(await listChunks(env.RECORDINGS!, row.id)).toEqual([]);
    expect((await getRecording(owner, row.id)).status).toBe(404);
  });

  it("a caller who speaks while the recording notice is still being voiced is neither answered before it nor twice: the notice, then the greeting", async () => {
    const { call, row } = await dialRecorded("+15550100936");
    const slowSpeech = new HeldProvider(selectProvider(env), "synthesize");
    await runInDurableObject(callStub(row.id), (instance: CallSession) => instance.useProvider(slowSpeech));
    await call.connect();
    await eventually(async () => slowSpeech.held > 0); // the notice is being voiced
    await call.say(hello); // "Hello?" before anything was heard
    await call.say(silence(1500)); // a whole turn, had it been listened to
    await runInDurableObject(callStub(row.id), () => slowSpeech.release());
    await call.until(() => call.outboundOf("mark").length >= 2, 20_000, "notice and greeting");
    await call.say(silence(2000));
    await call.hangUp();
    await eventually(async () => (await callRow(row.id))?.status === "completed");
    const transcript = await d1Transcript(row.id);
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: RECORDING_NOTICE });
    expect(transcript.map((e) => e.speaker)).toEqual(["assistant", "assistant"]); // the notice and the greeting, nothing answered
  });

  it("a caller who hangs up while the recording notice is being voiced: the notice, never said, is stored nowhere", async () => {
    const { call, row } = await dialRecorded("+15550100935");
    const slowSpeech = new HeldProvider(selectProvider(env), "synthesize");
    await runInDurableObject(callStub(row.id), (instance: CallSession) => instance.useProvider(slowSpeech));
    await call.connect();
    await eventually(async () => slowSpeech.held > 0); // the notice is being voiced
    await call.hangUp();
    await eventually(async () => (await callBySid(env.DB, call.callSid))?.status === "completed");
    await runInDurableObject(callStub(row.id), () => slowSpeech.release());
    await new Promise((resolve) => setTimeout(resolve, 300));
    const kept = await runInDurableObject(callStub(row.id), (instance: CallSession) => (instance as unknown as { store: CallStore }).store.entries().map((e) => e.text));
    expect(kept).not.toContain(RECORDING_NOTICE);
    expect((await d1Transcript(row.id)).map((e) => e.text)).not.toContain(RECORDING_NOTICE);
  });
});
