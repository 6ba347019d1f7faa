// The phone line's fixed lines (the recording notice, a keypad confirmation) go through the pipeline's
// scripted-line path like any reply (worker/call/lines/phone.ts → LineHost.say → Conversation.say →
// pipeline-bridge.ts): a viewer gets them as assistant entries, the recording has them at their offsets,
// the caller hears them. And consent: a recorded call whose notice could not be said is not recorded.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import type { CallDetail } from "../../../protocol/call-history";
import type { PhoneLinkCode } from "../../../protocol/phone";
import { RECORDING_NOTICE } from "../../../protocol/phone";
import { parseWav } from "../../../worker/audio/wav";
import type { CallSession } from "../../../worker/call/CallSession";
import { SAY } from "../../../worker/call/setup/phone-link";
import type { CallStore } from "../../../worker/call/store";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, silence } from "../support/audio";
import { callRow, callStub, d1Transcript, eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { api, viewer } from "../support/live";
import { getRecording, peak, recordingStartedAt } from "../support/recordings";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork } from "../../support/twilio-webhooks";
import { createUser, jsonHeaders } from "../support/users";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const hello = pcmFromWavDataUrl(helloWav);

type LiveEntry = { type: "live_entry"; entry: TranscriptEntry };
const liveEntry = (text: string) => (m: Record<string, unknown>) => m.type === "live_entry" && (m as LiveEntry).entry.text === text;

describe("the phone line's fixed lines, through the pipeline", { timeout: 60_000 }, () => {
  it("a viewer and the recording get the recording notice and the keypad confirmation like any reply", async () => {
    const from = "+15550100961";
    const owner = await createUser({ phoneNumber: from });
    await createEcho(owner.user.id, { name: "Phone Sage", recordCalls: true });
    const call = await TwilioCall.dial(net, { authToken, from });
    const row = (await callBySid(env.DB, call.callSid))!;
    const watching = await viewer(row.id, owner);
    await watching.next("live_snapshot");
    await call.connect();

    // The notice first, as an assistant entry, then the greeting (published once it has played).
    const notice = (await watching.next<LiveEntry>(liveEntry(RECORDING_NOTICE), 20_000)).entry;
    expect(notice).toMatchObject({ speaker: "assistant", text: RECORDING_NOTICE });
    expect(notice.interrupted ?? false).toBe(false);
    const greeting = (await watching.next<LiveEntry>((m) => m.type === "live_entry" && (m as LiveEntry).entry.id !== notice.id, 20_000)).entry;
    expect(greeting.speaker).toBe("assistant");
    expect(greeting.seq).toBeGreaterThan(notice.seq);

    // The owner links their own number again by keypad: the confirmation is said like a reply.
    const res = await exports.default.fetch("https://echo.test/api/phone/link-code", { method: "POST", headers: jsonHeaders(owner) });
    const { code } = (await res.json()) as PhoneLinkCode;
    const marksBefore = call.outboundOf("mark").length;
    await call.press(code);
    const confirmation = (await watching.next<LiveEntry>(liveEntry(SAY.linked("Phone Sage")), 20_000)).entry;
    expect(confirmation.speaker).toBe("assistant");
    expect(confirmation.interrupted ?? false).toBe(false);
    // The caller heard it: audio closed by a mark, like every reply sentence.
    await call.until(() => call.outboundOf("mark").length > marksBefore, 10_000, "the spoken confirmation");

    await call.say(hello);
    await call.say(silence(2000));
    await call.hangUp();
    await eventually(async () => (await callRow(row.id))?.status === "completed");

    const transcript = (await (await api(owner, "GET", `/api/calls/${row.id}`)).json<CallDetail>()).transcript;
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: RECORDING_NOTICE });
    const stored = transcript.find((e) => e.text === SAY.linked("Phone Sage"))!;
    expect(stored.speaker).toBe("assistant");
    expect(transcript[0]!.audioOffsetMs).not.toBeNull();
    expect(stored.audioOffsetMs).not.toBeNull();
    expect(stored.audioOffsetMs!).toBeGreaterThan(transcript[0]!.audioOffsetMs!);

    await eventually(async () => (await recordingStartedAt(row.id)) !== null);
    const rec = await getRecording(owner, row.id, "bytes=0-");
    expect(rec.status).toBe(206);
    const wav = parseWav(new Uint8Array(await rec.arrayBuffer()));
    for (const entry of [transcript[0]!, stored]) {
      const at = entry.audioOffsetMs! * 16;
      expect(peak(wav.samples.subarray(at, at + 8000)), `"${entry.text}" in the recording at ${entry.audioOffsetMs} ms`).toBeGreaterThan(500);
    }
    // The notice is at the very start: nothing of the call was recorded before it.
    expect(transcript[0]!.audioOffsetMs!).toBeLessThan(500);
  });

  it("consent: a recorded call whose notice could not be said is not recorded (logged without the caller's number), and goes on", async () => {
    const from = "+15550100962";
    const owner = await createUser({ phoneNumber: from });
    await createEcho(owner.user.id, { name: "Phone Sage", recordCalls: true });
    const call = await TwilioCall.dial(net, { authToken, from });
    const row = (await callBySid(env.DB, call.callSid))!;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => errors.mockRestore());
    // The call's storage refuses the notice's line (the pipeline's events for it fail).
    await runInDurableObject(callStub(row.id), (instance: CallSession) => {
      const store = (instance as unknown as { store: CallStore }).store;
      const add = store.addEntry.bind(store);
      store.addEntry = (entry) => {
        if (entry.text === RECORDING_NOTICE) throw new Error("SQLITE_FULL: the notice's line was not stored");
        return add(entry);
      };
    });
    await call.connect();
    await call.until(() => call.outboundOf("mark").length >= 1, 20_000, "the greeting");
    await call.say(hello);
    await call.until(() => call.outboundOf("mark").length >= 2, 20_000, "a reply");
    await call.say(silence(5500)); // more than a recording chunk's worth of call
    await call.hangUp();
    await eventually(async () => (await callRow(row.id))?.status === "completed");

    const transcript = await d1Transcript(row.id);
    expect(transcript.map((e) => e.text)).not.toContain(RECORDING_NOTICE);
    expect(transcript[0]?.speaker).toBe("assistant"); // the greeting: the call went on
    expect(transcript.some((e) => e.speaker === "caller")).toBe(true);
    expect(transcript.every((e) => e.audioOffsetMs == null)).toBe(true);
    expect(await recordingStartedAt(row.id)).toBeNull();
    expect((await getRecording(owner, row.id)).status).toBe(404);
    const logged = errors.mock.calls.map((args) => args.map(String).join(" "));
    const notRecorded = logged.filter((line) => line.includes("not recorded"));
    expect(notRecorded).toHaveLength(1);
    expect(notRecorded[0]).toContain(row.id);
    expect(logged.join("\n")).not.toContain(from);
    expect(logged.join("\n")).not.toContain(from.slice(2));
  });
});
