// Linking a phone number without SMS, end to end: the dashboard issues a 6-digit code, the caller
// phones in from an unknown number (built-in assistant, nobody's call), types the code on the keypad
// (DTMF over the media stream), hears the confirmation, and the call continues with their Echo and
// becomes theirs. Also: the status callback finalizes once, and a replay changes nothing.
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it, onTestFinished } from "vitest";
import type { LiveCallList } from "../../../protocol/live";
import type { PhoneLinkCode, PhoneSettings } from "../../../protocol/phone";
import { respond } from "../../../worker/ai/offline/dialogue/manager";
import { lightLanguage } from "../../../worker/ai/offline/dialogue/light-tagger";
import { selectProvider } from "../../../worker/ai/select";
import type { CallSession } from "../../../worker/call/CallSession";
import { splitSentences } from "../../../worker/pipeline/reply/sentences";
import { LINK_FAILURE_LIMIT, LINK_THROTTLE_KEY, LINK_THROTTLE_WINDOW_MS, SAY } from "../../../worker/call/setup/phone-link";
import { clearThrottle, recordFailure } from "../../../worker/db/auth/auth-throttle";
import { db } from "../../../worker/db/client";
import { DEFAULT_ASSISTANT } from "../../../worker/db/answerer";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl } from "../support/audio";
import { callStub, d1Transcript, eventually, totals } from "../support/call";
import { createEcho } from "../support/echoes";
import { HeldProvider } from "../support/providers";
import { TwilioCall } from "../../support/twilio-sim";
import { callBySid, fetcherNetwork, postSigned, statusParams } from "../../support/twilio-webhooks";
import { createUser, jsonHeaders, type TestUser } from "../support/users";
import { api, invite, viewer } from "../support/live";
import { openSocket } from "../support/ws";

const net = fetcherNetwork(exports.default, "https://echo.test");
const authToken = env.TWILIO_AUTH_TOKEN!;
const hello = pcmFromWavDataUrl(helloWav);

async function linkCode(user: TestUser): Promise<string> {
  const res = await exports.default.fetch("https://echo.test/api/phone/link-code", { method: "POST", headers: jsonHeaders(user) });
  expect(res.status).toBe(201);
  return ((await res.json()) as PhoneLinkCode).code;
}

async function settings(user: TestUser): Promise<PhoneSettings> {
  return (await (await exports.default.fetch("https://echo.test/api/phone", { headers: user.headers })).json()) as PhoneSettings;
}

/** Marks the server has sent so far (one per spoken sentence). */
const marks = (call: TwilioCall) => call.outboundOf("mark").length;

/** An unknown caller is greeted first by the built-in assistant (offline provider): its text and sentences. */
const GREETING = respond({ persona: DEFAULT_ASSISTANT, messages: [], callerEmotions: {}, turn: null, callType: "phone" }, { language: lightLanguage, engine: "offline" }).text;
const GREETING_MARKS = splitSentences(GREETING).length;

/** Hangs up, then waits until the call's row says completed; returns it. */
async function hangUpCompleted(call: TwilioCall) {
  await call.hangUp();
  return eventually(async () => {
    const r = await callBySid(env.DB, call.callSid);
    return r?.status === "completed" ? r : null;
  });
}

/** Connects the stream and lets the greeting be spoken in full, so the keypad doesn't talk over it. */
async function connectAndHearGreeting(call: TwilioCall): Promise<void> {
  await call.connect();
  // Played to the end: Twilio has echoed back the mark closing each greeting sentence.
  await call.until(() => call.marksEchoed.length >= GREETING_MARKS, 20_000, "the greeting");
}

describe("phone linking by keypad", { timeout: 60_000 }, () => {
  it("typing the dashboard code links the number; the call continues with the user's Echo and becomes theirs", async () => {
    const user = await createUser();
    const echo = await createEcho(user.user.id, { name: "Juniper" });
    const code = await linkCode(user);

    const call = await TwilioCall.dial(net, { authToken, from: "+15550100931" });
    const before = await callBySid(env.DB, call.callSid);
    expect(before).toMatchObject({ user_id: null, echo_id: null });
    await connectAndHearGreeting(call);

    await call.press(code);
    // The caller hears the confirmation: an audio sentence closed by a mark.
    await call.until(() => marks(call) >= GREETING_MARKS + 1, 10_000, "spoken confirmation");
    expect(call.framesReceived).toBeGreaterThan(10);
    expect(call.violations).toEqual([]);

    expect((await settings(user)).linkedNumber).toBe("+15550100931");
    expect((await settings(user)).pendingCode).toBeNull();
    const claimed = await callBySid(env.DB, call.callSid);
    expect(claimed).toMatchObject({ user_id: user.user.id, echo_id: echo.id, status: "in-progress" });
    // It shows among the user's calls right away.
    const listed = await exports.default.fetch(`https://echo.test/api/calls/${claimed!.id}`, { headers: user.headers });
    expect(listed.status).toBe(200);

    // The conversation goes on, now with Juniper.
    const spokenBefore = marks(call);
    await call.say(hello);
    await call.until(() => marks(call) > spokenBefore, 15_000, "a reply after linking");
    const row = await hangUpCompleted(call);
    const transcript = await d1Transcript(row.id);
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: GREETING });
    expect(transcript[1]).toMatchObject({ speaker: "assistant", text: SAY.linked("Juniper") });
    expect(transcript.some((e) => e.speaker === "caller")).toBe(true);
    expect(await totals(user.user.id, echo.id)).toEqual({ user: 1, echo: 1 });

    // The next call from that number is theirs from the first ring.
    const next = await TwilioCall.dial(net, { authToken, from: "+15550100931" });
    expect(await callBySid(env.DB, next.callSid)).toMatchObject({ user_id: user.user.id, echo_id: echo.id });
  });

  it("a code typed while the greeting plays stops it (Twilio is told to clear) before the confirmation", async () => {
    const user = await createUser();
    await createEcho(user.user.id, { name: "Juniper" });
    const code = await linkCode(user);
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100938" });
    await call.connect();
    await call.until(() => call.outboundOf("media").length > 0, 20_000, "the greeting starts");
    expect(call.marksEchoed.length).toBeLessThan(GREETING_MARKS);
    await call.press(code);
    await call.until(() => call.outboundOf("clear").length > 0, 10_000, "clear");
    const before = marks(call);
    await call.until(() => marks(call) > before, 10_000, "the spoken confirmation");
    const row = await hangUpCompleted(call);
    const transcript = await d1Transcript(row.id);
    expect(transcript.map((e) => e.text)).toContain(SAY.linked("Juniper"));
    expect(transcript[0]).toMatchObject({ speaker: "assistant", interrupted: true }); // the greeting, cut
  });

  it("a number linked to another account is not moved by keypad (caller ID can be forged): the caller is told, the call stays its owner's and shared as before", async () => {
    const from = "+15550100937";
    const previous = await createUser({ phoneNumber: from });
    await createEcho(previous.user.id, { name: "Household" });
    const guest = await createUser();
    const user = await createUser();
    await createEcho(user.user.id, { name: "Juniper" });
    const code = await linkCode(user);

    const call = await TwilioCall.dial(net, { authToken, from });
    const row = (await callBySid(env.DB, call.callSid))!;
    expect(row.user_id).toBe(previous.user.id);
    await call.connect();
    await call.until(() => marks(call) >= 1, 20_000, "the greeting");
    expect((await invite(previous, row.id, guest.user.email)).status).toBe(201);
    const watching = await viewer(row.id, guest);
    await watching.next("live_snapshot");

    await call.press(code);
    await watching.next((m) => m.type === "live_entry" && (m.entry as { text?: string } | undefined)?.text === SAY.taken, 20_000);
    const liveOf = async (u: TestUser) => ((await (await api(u, "GET", "/api/live-calls")).json()) as LiveCallList).calls.map((c) => c.id);
    expect(watching.isClosed).toBe(false);
    expect(await liveOf(guest)).toEqual([row.id]);
    expect(await liveOf(user)).toEqual([]);
    expect((await callBySid(env.DB, call.callSid))?.user_id).toBe(previous.user.id);
    expect((await settings(previous)).linkedNumber).toBe(from);
    expect(await settings(user)).toMatchObject({ linkedNumber: null, pendingCode: { code } });
    await call.hangUp();
  });

  it("hand-over: a number its owner unlinked mid-call can be linked by keypad; the call leaves the old owner's guests. The owner relinking their own number keeps them", async () => {
    const liveOf = async (u: TestUser) => ((await (await api(u, "GET", "/api/live-calls")).json()) as LiveCallList).calls.map((c) => c.id);
    const sharedCall = async (from: string) => {
      const owner = await createUser({ phoneNumber: from });
      await createEcho(owner.user.id, { name: "Household" });
      const guest = await createUser();
      const call = await TwilioCall.dial(net, { authToken, from });
      const row = (await callBySid(env.DB, call.callSid))!;
      await call.connect();
      await call.until(() => marks(call) >= 1, 20_000, "the greeting");
      expect((await invite(owner, row.id, guest.user.email)).status).toBe(201);
      const watching = await viewer(row.id, guest);
      await watching.next("live_snapshot");
      return { owner, guest, call, row, watching };
    };

    // The owner links their own number again: nothing changes hands, the guest keeps watching.
    const own = await sharedCall("+15550100951");
    await own.call.press(await linkCode(own.owner));
    await own.watching.next((m) => m.type === "live_entry" && (m.entry as { text?: string } | undefined)?.text === SAY.linked("Household"), 20_000);
    expect(own.watching.isClosed).toBe(false);
    expect(await liveOf(own.guest)).toEqual([own.row.id]);
    await own.call.hangUp();

    // The owner unlinks it mid-call; someone else's code then takes the call, and the guest loses it.
    const moved = await sharedCall("+15550100952");
    const user = await createUser();
    await createEcho(user.user.id, { name: "Juniper" });
    const code = await linkCode(user);
    expect((await exports.default.fetch("https://echo.test/api/phone/link", { method: "DELETE", headers: jsonHeaders(moved.owner) })).status).toBe(200);
    await moved.call.press(code);
    expect(await moved.watching.closed).toMatchObject({ code: 1008, reason: "This call is no longer shared with you." });
    expect(await liveOf(moved.guest)).toEqual([]);
    expect(await liveOf(user)).toEqual([moved.row.id]);
    await moved.call.hangUp();
  });

  it("a caller who types the code and hangs up at once (stop, then Twilio closes its socket) is linked first; the call ends as their hang-up, whole", async () => {
    const user = await createUser();
    const echo = await createEcho(user.user.id, { name: "Rowan" });
    const code = await linkCode(user);
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100936" });
    const callId = (await callBySid(env.DB, call.callSid))!.id;
    // The spoken confirmation takes its time: the link is still under way when the socket closes.
    const slowSpeech = new HeldProvider(selectProvider(env), "synthesize", false);
    await runInDurableObject(callStub(callId), (instance: CallSession) => instance.useProvider(slowSpeech));
    await connectAndHearGreeting(call);

    slowSpeech.holding = true;
    await call.press(code, 0);
    await eventually(async () => slowSpeech.held > 0);
    await call.hangUp(0);
    await new Promise((r) => setTimeout(r, 300)); // stop and the socket's close have arrived
    await runInDurableObject(callStub(callId), () => slowSpeech.release());
    const row = await eventually(async () => {
      const r = await callBySid(env.DB, call.callSid);
      return r && r.status !== "in-progress" ? r : null;
    }, 15_000);
    // Not "abandoned / connection_lost" from the socket's close while the link was under way.
    expect(row).toMatchObject({ status: "completed", end_reason: "caller_hung_up", user_id: user.user.id, echo_id: echo.id });
    expect((await settings(user)).linkedNumber).toBe("+15550100936");
    // The confirmation was stored before the call was finalized, and reached D1 with it.
    expect((await d1Transcript(row.id)).map((e) => e.text)).toEqual([GREETING, SAY.linked("Rowan")]);
    expect(await totals(user.user.id, echo.id)).toEqual({ user: 1, echo: 1 });
  });

  it("a wrong code links nothing and the caller is told; the keypad locks after three wrong codes", async () => {
    const user = await createUser();
    await createEcho(user.user.id);
    const code = await linkCode(user);
    const wrong = code === "000000" ? "111111" : "000000";
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100932" });
    await connectAndHearGreeting(call);
    await call.press(wrong);
    await call.until(() => marks(call) >= GREETING_MARKS + 1, 10_000, "wrong-code prompt");
    await call.press(wrong);
    await call.until(() => marks(call) >= GREETING_MARKS + 2, 10_000, "second prompt");
    await call.press(wrong);
    await call.until(() => marks(call) >= GREETING_MARKS + 3, 10_000, "lock prompt");
    // Locked: even the right code is ignored now.
    await call.press(code);
    await new Promise((r) => setTimeout(r, 500));
    expect(marks(call)).toBe(GREETING_MARKS + 3);
    expect((await settings(user)).linkedNumber).toBeNull();
    expect((await callBySid(env.DB, call.callSid))?.user_id).toBeNull();
    const row = await hangUpCompleted(call);
    expect((await d1Transcript(row.id)).map((e) => e.text)).toEqual([GREETING, SAY.wrongCode, SAY.wrongCode, SAY.locked]);
  });

  it("too many wrong codes from anyone in the hour (one counter, not one per claimed number): even the right code is refused", async () => {
    const user = await createUser();
    await createEcho(user.user.id);
    const code = await linkCode(user);
    const wrong = code === "000000" ? "111111" : "000000";
    const from = "+15550100939";
    // Wrong codes from other numbers in earlier calls of the hour, one short of the limit.
    await clearThrottle(db(env.DB), LINK_THROTTLE_KEY);
    onTestFinished(() => clearThrottle(db(env.DB), LINK_THROTTLE_KEY));
    for (let i = 0; i < LINK_FAILURE_LIMIT - 1; i++) await recordFailure(db(env.DB), LINK_THROTTLE_KEY, Date.now(), LINK_THROTTLE_WINDOW_MS, LINK_FAILURE_LIMIT);
    const call = await TwilioCall.dial(net, { authToken, from });
    await connectAndHearGreeting(call);
    await call.press(wrong); // the last one allowed
    await call.until(() => marks(call) >= GREETING_MARKS + 1, 10_000, "the throttled prompt");
    await call.press(code);
    await call.until(() => marks(call) >= GREETING_MARKS + 2, 10_000, "the throttled prompt again");
    expect((await settings(user)).linkedNumber).toBeNull();
    expect((await settings(user)).pendingCode).not.toBeNull(); // the code was not used up
    const row = await hangUpCompleted(call);
    expect((await d1Transcript(row.id)).map((e) => e.text)).toEqual([GREETING, SAY.throttled, SAY.throttled]);
  });

  it("a caller ID without full STIR/SHAKEN attestation (it may be forged) links nothing: the caller is sent to the dashboard", async () => {
    const user = await createUser();
    await createEcho(user.user.id);
    const code = await linkCode(user);
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100947", stirVerstat: "TN-Validation-Passed-C" });
    await connectAndHearGreeting(call);
    await call.press(code);
    await call.until(() => marks(call) >= GREETING_MARKS + 1, 30_000, "the refusal");
    expect((await settings(user)).linkedNumber).toBeNull();
    expect((await settings(user)).pendingCode?.code).toBe(code); // not used up
    const row = await hangUpCompleted(call);
    expect((await d1Transcript(row.id)).map((e) => e.text)).toEqual([GREETING, SAY.notVerified]);
  });

  it("a withheld caller ID is never linked (the code stays valid)", async () => {
    const user = await createUser();
    await createEcho(user.user.id);
    const code = await linkCode(user);
    const call = await TwilioCall.dial(net, { authToken, from: "+266696687" }); // Twilio's ANONYMOUS
    await connectAndHearGreeting(call);
    await call.press(code);
    await call.until(() => marks(call) >= GREETING_MARKS + 1, 10_000, "the explanation");
    expect(await settings(user)).toMatchObject({ linkedNumber: null, pendingCode: { code } });
    const row = await hangUpCompleted(call);
    expect(row.user_id).toBeNull();
    expect((await d1Transcript(row.id)).map((e) => e.text)).toEqual([GREETING, SAY.noNumber]);
  });

  it("* starts the code over", async () => {
    const user = await createUser();
    await createEcho(user.user.id, { name: "Wren" });
    const code = await linkCode(user);
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100933" });
    await connectAndHearGreeting(call);
    await call.press(`12*${code}`);
    await call.until(() => marks(call) >= GREETING_MARKS + 1, 10_000, "confirmation");
    expect((await settings(user)).linkedNumber).toBe("+15550100933");
    await call.hangUp();
  });
});

describe("POST /twilio/status", { timeout: 30_000 }, () => {
  it("a final status ends a live call with Twilio's duration; a replay changes nothing", async () => {
    const user = await createUser({ phoneNumber: "+15550100941" });
    const echo = await createEcho(user.user.id);
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100941" });
    await call.connect();
    await new Promise((r) => setTimeout(r, 300));

    const res = await postSigned(net, "/twilio/status", statusParams(call, "completed", 42), { authToken });
    expect(res.status).toBe(204);
    const done = await callBySid(env.DB, call.callSid);
    expect(done).toMatchObject({ status: "completed", duration: 42, end_reason: "twilio_completed" });
    await call.until(() => call.closed !== null, 5000, "stream closed by the server");
    const counted = await totals(user.user.id, echo.id);
    expect(counted).toEqual({ user: 1, echo: 1 });

    const replay = await postSigned(net, "/twilio/status", statusParams(call, "completed", 42), { authToken });
    expect(replay.status).toBe(204);
    expect(await callBySid(env.DB, call.callSid)).toEqual(done);
    expect(await totals(user.user.id, echo.id)).toEqual(counted);
  });

  it("a final status that arrives while the call is still ending (the caller hung up mid-turn) keeps the call's own ending", async () => {
    const call = await TwilioCall.dial(net, { authToken, from: "+15550100943" });
    const row = (await callBySid(env.DB, call.callSid))!;
    const held = new HeldProvider(selectProvider(env), "transcribe");
    await runInDurableObject(callStub(row.id), (instance: CallSession) => instance.useProvider(held));
    await call.connect();
    await call.say(hello);
    await call.hangUp(0);
    // The call is ending: its last turn's speech-to-text is under way (held).
    await eventually(async () => held.held > 0);
    const status = postSigned(net, "/twilio/status", statusParams(call, "completed", 7), { authToken });
    await new Promise((r) => setTimeout(r, 300));
    expect((await callBySid(env.DB, call.callSid))?.status).toBe("in-progress");
    await runInDurableObject(callStub(row.id), () => held.release()); // the held promises are the object's
    expect((await status).status).toBe(204);
    // The callback waited for the call's own ending; Twilio's duration is kept beside it.
    expect(await callBySid(env.DB, call.callSid)).toMatchObject({ status: "completed", end_reason: "caller_hung_up", duration: 7 });
    const transcript = await d1Transcript(row.id);
    expect(transcript.filter((e) => e.speaker === "caller")).toHaveLength(1);
  });

  it("busy / no-answer end a call that never streamed; non-final statuses and unknown calls change nothing", async () => {
    const call = await TwilioCall.dial(net, { authToken });
    const ringing = await postSigned(net, "/twilio/status", statusParams(call, "ringing"), { authToken });
    expect(ringing.status).toBe(204);
    expect((await callBySid(env.DB, call.callSid))?.status).toBe("in-progress");

    await postSigned(net, "/twilio/status", statusParams(call, "no-answer", 0), { authToken });
    expect(await callBySid(env.DB, call.callSid)).toMatchObject({ status: "abandoned", duration: 0, end_reason: "twilio_no-answer" });

    const stranger = { ...call, callSid: "CA" + "9".repeat(32) };
    const unknown = await postSigned(net, "/twilio/status", statusParams(stranger, "completed", 5), { authToken });
    expect(unknown.status).toBe(204);
    expect(await callBySid(env.DB, stranger.callSid)).toBeNull();
  });
});
