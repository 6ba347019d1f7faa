// A call's recording through an R2 outage: what could not be stored waits in the call's object (its
// storage, not its memory) and is written in order once R2 takes writes again, by the next write or
// the object's alarm after the call ended; a recording deleted meanwhile stays deleted, also when a
// write is under way as it is deleted.
import { env } from "cloudflare:workers";
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseWav } from "../../../worker/audio/wav";
import { ENDED_CALL_KEPT_MS, type CallSession } from "../../../worker/call/CallSession";
import { db } from "../../../worker/db/client";
import { deleteRecordingObjects, listChunks } from "../../../worker/recordings/objects";
import { clearRecording } from "../../../worker/db/recordings";
import helloWav from "../../fixtures/speech-hello.wav?inline";
import { pcmFromWavDataUrl, silence, streamAudio } from "../support/audio";
import { callRow, callStub, eventually } from "../support/call";
import { api, startBriefCall } from "../support/live";
import { replaceBinding } from "../support/object-env";
import { type R2Put, getRecording, peak, recordingStartedAt, withPut } from "../support/recordings";

const hello = pcmFromWavDataUrl(helloWav);

/** The object's only alarm left is the wipe of its storage, ENDED_CALL_KEPT_MS after the final D1 write (no retry soon). */
async function expectOnlyTheWipeLeft(callId: string): Promise<void> {
  expect(await runDurableObjectAlarm(callStub(callId))).toBe(true);
  const alarm = await runInDurableObject(callStub(callId), (_: CallSession, state) => state.storage.getAlarm());
  expect(alarm).toBeGreaterThan(Date.now() + ENDED_CALL_KEPT_MS / 2);
}

/** The call's object writes to R2 through `put`, given the bucket's own. */
async function wrapPuts(callId: string, put: (real: R2Put, key: string, value: Uint8Array) => Promise<unknown>): Promise<void> {
  await replaceBinding(callId, "RECORDINGS", (real) => withPut(real!, put));
}

/** The call's object refuses R2 writes while `outage.on`. */
async function r2Outage(callId: string): Promise<{ on: boolean; refused: number }> {
  const outage = { on: true, refused: 0 };
  await wrapPuts(callId, (real, key, value) => {
    if (!outage.on) return real(key, value);
    outage.refused++;
    return Promise.reject(new Error("R2 unavailable (503)"));
  });
  return outage;
}

/** A recorded call whose first chunk was stored and whose last one waits (R2 refused it as the call ended). */
async function endedWithLastChunkWaiting() {
  const call = await startBriefCall();
  const outage = await r2Outage(call.callId);
  outage.on = false;
  await streamAudio(call.socket, hello, 4);
  await streamAudio(call.socket, silence(6000), 4);
  await eventually(async () => (await recordingStartedAt(call.callId)) !== null); // the first chunk is stored
  outage.on = true; // the last one is not
  call.socket.send({ type: "end_call" });
  await call.socket.next("call_ended", 15_000);
  return { call, outage };
}

describe("recording through an R2 outage", { timeout: 60_000 }, () => {
  it("a last chunk that could not be stored as the call ended is stored by the alarm after, and the call marked as recorded", async () => {
    const call = await startBriefCall();
    const outage = await r2Outage(call.callId); // an outage as the call ends: its short recording is one final chunk
    await streamAudio(call.socket, hello, 4);
    call.socket.send({ type: "end_call" });
    await call.socket.next("call_ended", 15_000);
    expect(outage.refused).toBeGreaterThan(0);
    expect(await recordingStartedAt(call.callId)).toBeNull();
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);

    outage.on = false;
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true); // the object kept its alarm for it
    expect(await recordingStartedAt(call.callId)).not.toBeNull();
    const wav = parseWav(new Uint8Array(await (await getRecording(call.owner, call.callId)).arrayBuffer()));
    expect(wav.samples.length).toBeGreaterThanOrEqual(hello.length);
    await expectOnlyTheWipeLeft(call.callId); // nothing left to retry
  });

  it("a recording deleted while its last chunk waits for a retry stays deleted: that chunk is dropped", async () => {
    const { call, outage } = await endedWithLastChunkWaiting();
    expect((await api(call.owner, "DELETE", `/api/calls/${call.callId}/recording`)).status).toBe(204);

    outage.on = false;
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true); // the object kept its alarm for the chunk
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);
    expect(await recordingStartedAt(call.callId)).toBeNull();
    await expectOnlyTheWipeLeft(call.callId); // nothing left to retry
  });

  it("a recording deleted without its object being told (the retention job) while a chunk waits: the alarm drops that chunk", async () => {
    const { call, outage } = await endedWithLastChunkWaiting();
    // What the retention job does: the R2 objects, then the row's mark; the call's object hears nothing.
    await deleteRecordingObjects(env.RECORDINGS!, call.callId);
    await clearRecording(db(env.DB), call.callId);

    outage.on = false;
    expect(await runDurableObjectAlarm(callStub(call.callId))).toBe(true); // the object kept its alarm for the chunk
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);
    await expectOnlyTheWipeLeft(call.callId); // nothing left to retry
  });

  it("a recording deleted while a write of its waiting chunks is under way: the deletion waits for it, nothing is left", async () => {
    const { call, outage } = await endedWithLastChunkWaiting();
    // R2 is back, but slow: the alarm's write of the waiting chunk is held until the test lets it land.
    let land!: () => void;
    const landing = new Promise<void>((resolve) => (land = resolve));
    let puts = 0;
    await wrapPuts(call.callId, async (real, key, value) => {
      puts++;
      await landing;
      return real(key, value);
    });
    outage.on = false;
    const alarm = runDurableObjectAlarm(callStub(call.callId));
    await eventually(async () => puts > 0);
    const deleting = api(call.owner, "DELETE", `/api/calls/${call.callId}/recording`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    land();
    expect((await deleting).status).toBe(204);
    await alarm;
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);
    expect(await recordingStartedAt(call.callId)).toBeNull();
  });

  it("an object restarted during the outage still stores the chunks it took before, in their place", async () => {
    const call = await startBriefCall();
    const outage = await r2Outage(call.callId);
    await streamAudio(call.socket, hello, 4);
    await streamAudio(call.socket, silence(6000), 4); // past the first chunk (5 s), which R2 refuses
    await eventually(async () => outage.refused > 0);
    expect(await listChunks(env.RECORDINGS!, call.callId)).toEqual([]);

    await evictDurableObject(callStub(call.callId)); // all memory gone
    outage.on = false; // R2 is back
    call.socket.close();
    await eventually(async () => (await callRow(call.callId))?.status === "abandoned");
    await eventually(async () => (await recordingStartedAt(call.callId)) !== null);
    const wav = parseWav(new Uint8Array(await (await getRecording(call.owner, call.callId)).arrayBuffer()));
    expect(wav.samples.length).toBeGreaterThanOrEqual(5 * 16000);
    // The caller's words from before the restart are there, at the start, not silence in their place.
    expect(peak(wav.samples.subarray(0, hello.length + 16000))).toBeGreaterThan(1000);
  });
});
