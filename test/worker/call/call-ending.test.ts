// How a call ends when something around it is slow or gone: a recording store that hangs, an alarm that
// fires mid-ending, a D1 write that fails at the end, a caller who leaves while the call is set up.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ENDED_CALL_KEPT_MS, type CallSession } from "../../../worker/call/CallSession";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, streamAudio } from "../support/audio";
import { callCount, callRow, callStub, eventually } from "../support/call";
import { createEcho } from "../support/echoes";
import { startBriefCall } from "../support/live";
import { replaceBinding } from "../support/object-env";
import { withPut } from "../support/recordings";
import { createUser } from "../support/users";
import { connect } from "../support/ws";

const hello = pcmFromWavDataUrl(helloWav);

/** Holds every R2 write of the call's recording until released (a store that hangs). */
async function holdRecordingWrites(callId: string) {
  const gate = { puts: 0, release: () => {} };
  const released = new Promise<void>((resolve) => (gate.release = resolve));
  await replaceBinding(callId, "RECORDINGS", (real) =>
    withPut(real!, async (put, key, value) => {
      gate.puts++;
      await released;
      return put(key, value);
    }),
  );
  return gate;
}

const summaryAttempts = async (callId: string) =>
  (await env.DB.prepare("select attempts from call_summaries where call_id = ?").bind(callId).first<{ attempts: number }>())?.attempts ?? 0;

describe("ending a call", { timeout: 40_000 }, () => {
  it("a recording store that hangs does not hold the ending; an alarm during the ending neither finalizes nor summarizes a second time", async () => {
    const call = await startBriefCall();
    const store = await holdRecordingWrites(call.callId);
    await streamAudio(call.socket, hello, 4);
    call.socket.send({ type: "end_call" });
    await eventually(async () => store.puts > 0); // the final chunk's write has begun and hangs
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true); // fires mid-ending: it only re-arms
    await call.socket.next("call_ended", 8_000); // before the store's own 10 s deadline
    expect((await callRow(call.callId))?.status).toBe("completed");
    store.release();
    await eventually(async () => (await summaryAttempts(call.callId)) > 0, 10_000);
    // Every alarm left runs (up to the storage wipe's, ENDED_CALL_KEPT_MS after the final write); none summarizes again.
    const nextAlarm = () => runInDurableObject(callStub(call.callId), (_: CallSession, state) => state.storage.getAlarm());
    for (let alarm = await nextAlarm(); alarm !== null && alarm < Date.now() + ENDED_CALL_KEPT_MS / 2; alarm = await nextAlarm()) {
      await runDurableObjectAlarm(callStub(call.callId));
    }
    expect(await summaryAttempts(call.callId)).toBe(1);
  });

  it("a final D1 write that failed and succeeds on the alarm tells the dashboards the call is no longer live", async () => {
    const call = await startBriefCall();
    const feed = await connect("/ws/feed", { cookie: call.owner.cookie });
    let failing = true;
    await replaceBinding(call.callId, "DB", (real) =>
      new Proxy(real, {
        get(target, prop) {
          if (prop === "batch" && failing)
            return () => {
              failing = false; // the first final write fails, the next one works
              return Promise.reject(new Error("D1_ERROR: Network connection lost."));
            };
          const value: unknown = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    );
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended", 10_000);
    await feed.next("live_call_ended");
    expect((await callRow(call.callId))?.status).toBe("in-progress"); // the dashboards were told too early
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true);
    expect((await callRow(call.callId))?.status).toBe("completed");
    expect(await feed.next("live_call_ended")).toEqual({ type: "live_call_ended", callId: call.callId });
    feed.close();
  });

  it("a final D1 write that hangs does not keep the caller on a silent line: call_ended comes while it is still going, the call is stored after", async () => {
    const call = await startBriefCall();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await replaceBinding(call.callId, "DB", (real) =>
      new Proxy(real, {
        get(target, prop) {
          if (prop === "batch")
            return async (statements: D1PreparedStatement[]) => {
              held++;
              await released; // D1 answers late
              return target.batch(statements);
            };
          const value: unknown = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    );
    call.socket.send({ type: "end_call" });
    expect(await call.socket.next("call_ended", 10_000)).toMatchObject({ reason: "caller_ended" });
    expect(held).toBeGreaterThan(0);
    expect((await callRow(call.callId))?.status).toBe("in-progress"); // the final write is still held
    release();
    await eventually(async () => (await callRow(call.callId))?.status === "completed");
  });

  it("a caller who leaves while the call is being set up leaves no call behind", async () => {
    const owner = await createUser();
    const echo = await createEcho(owner.user.id);
    const socket = await connect("/ws/call", { cookie: owner.cookie });
    socket.send({ type: "start_call", echoId: echo.id, userId: owner.user.id, callType: "browser_test" });
    socket.close(); // End while connecting: the close arrives during the start's D1 round trips
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await callCount(owner.user.id)).toBe(0);
  });
});
