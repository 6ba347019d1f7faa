// A call object evicted mid-call (its memory gone, its storage kept) resumes the recording from the tail
// kept at the last sync (recorder.ts keepTail): the Echo's speech queued then is in the recording; only
// what came after that sync is lost.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import { CallRecorder } from "../../../worker/recordings/recorder";
import { listChunks } from "../../../worker/recordings/objects";
import { callStub } from "../support/call";

const FRAME = 320; // 20 ms at 16 kHz

async function storedSamples(callId: string): Promise<Int16Array> {
  const target = env.RECORDINGS!;
  const parts: Int16Array[] = [];
  for (const c of await listChunks(target, callId)) parts.push(new Int16Array(await (await target.get(c.key))!.arrayBuffer()));
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

async function evictedCall(keepTail: boolean): Promise<Int16Array> {
  const callId = `tail-${crypto.randomUUID()}`;
  const store = { state: () => ({ callId, phase: "active" as const, record: true, callerConnectedAt: 1 }) };
  await runInDurableObject(callStub(callId), async (_instance: CallSession, state) => {
    let clock = 1_000_000;
    const before = new CallRecorder(state, env, store, () => clock);
    for (let i = 0; i < 100; i++) {
      clock += 20;
      before.caller(new Int16Array(FRAME).fill(1000)); // 2 s of the caller
    }
    before.assistant(new Int16Array(16_000).fill(3000)); // 1 s of the Echo's reply, queued to play
    await before.flush(); // the sync: settled audio stored…
    if (keepTail) before.keepTail(); // …and what is not settled yet kept
    // Evicted: `before` is gone with the object's memory; a new recorder on the same storage goes on.
    const after = new CallRecorder(state, env, store, () => clock);
    for (let i = 0; i < 100; i++) {
      clock += 20;
      after.caller(new Int16Array(FRAME)); // 2 s of silence from the caller
    }
    after.callEnded();
    await after.flush(true);
  });
  return storedSamples(callId);
}

it("the Echo's speech queued at the last sync survives the object's eviction", async () => {
  const samples = await evictedCall(true);
  const count = (level: number) => samples.filter((v) => v === level).length;
  expect(count(1000)).toBe(2 * 16_000);
  expect(count(3000)).toBe(16_000);
  // In place: right after the caller's two seconds.
  expect(samples[2 * 16_000]).toBe(3000);
  expect(samples[3 * 16_000 - 1]).toBe(3000);
});

it("without the kept tail the same eviction loses it (what the tail is for)", async () => {
  const samples = await evictedCall(false);
  expect(samples.filter((v) => v === 1000).length).toBe(2 * 16_000);
  expect(samples.filter((v) => v === 3000).length).toBe(0);
});
