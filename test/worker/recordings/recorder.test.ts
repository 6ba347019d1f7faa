// The call recorder's writes to R2 when one times out: it is written again as it was (same chunk, same
// bytes), so the first write landing after its retry cannot replace the chunk with other audio.
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect, it } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import { CallRecorder } from "../../../worker/recordings/recorder";
import { listChunks } from "../../../worker/recordings/objects";
import type { Env } from "../../../worker/config/env";
import { callStub } from "../support/call";
import { withPut } from "../support/recordings";

const FRAME = 320; // 20 ms at 16 kHz

it("a chunk write that timed out and lands after its retry leaves every sample stored once", async () => {
  const callId = `recorder-${crypto.randomUUID()}`;
  const target = env.RECORDINGS!;
  let puts = 0;
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let firstLanded!: Promise<unknown>;
  // R2 that holds the first write past the recorder's deadline, then lets it land late.
  const bucket = withPut(target, (put, key, value) => {
    puts++;
    if (puts > 1) return put(key, value);
    firstLanded = firstHeld.then(() => put(key, value));
    return firstLanded;
  });
  const objectEnv = { ...env, RECORDINGS: bucket } as Env;
  const store = { state: () => ({ callId, phase: "active" as const, record: true, callerConnectedAt: 1 }) };

  await runInDurableObject(callStub(callId), async (_instance: CallSession, state) => {
    let clock = 1_000_000;
    const recorder = new CallRecorder(state, objectEnv, store, () => clock, 50);
    const speak = (seconds: number, level: number) => {
      for (let i = 0; i < seconds * 50; i++) {
        clock += 20;
        recorder.caller(new Int16Array(FRAME).fill(level));
      }
    };
    speak(5, 1000); // the first chunk: its write is held, and times out after 50 ms
    await new Promise((resolve) => setTimeout(resolve, 0)); // that write has taken its audio
    expect(recorder.behind).toBe(true);
    speak(5, 2000); // the next chunk: after that timeout the first is written again, then this one
    await recorder.retry();
    expect(recorder.behind).toBe(false);
    releaseFirst();
    await firstLanded; // the timed-out write lands last
    recorder.callEnded();
    await recorder.flush(true);
  });

  const chunks = await listChunks(target, callId);
  const samples: number[] = [];
  for (const c of chunks) {
    const body = await (await target.get(c.key))!.arrayBuffer();
    samples.push(...new Int16Array(body));
  }
  const count = (level: number) => samples.filter((v) => v === level).length;
  expect(count(1000)).toBe(5 * 16000);
  expect(count(2000)).toBe(5 * 16000);
  expect(samples.length).toBe(10 * 16000);
  await target.delete(chunks.map((c) => c.key));
});

it("a recording's deletion waits for a write whose wait timed out: it lands before the deletion goes on", async () => {
  const callId = `recorder-${crypto.randomUUID()}`;
  const target = env.RECORDINGS!;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let landed = false;
  // R2 that holds every write until released (past the recorder's 50 ms deadline).
  const bucket = withPut(target, async (put, key, value) => {
    await held;
    const stored = await put(key, value);
    landed = true;
    return stored;
  });
  const objectEnv = { ...env, RECORDINGS: bucket } as Env;
  const store = { state: () => ({ callId, phase: "active" as const, record: true, callerConnectedAt: 1 }) };

  await runInDurableObject(callStub(callId), async (_instance: CallSession, state) => {
    let clock = 1_000_000;
    const recorder = new CallRecorder(state, objectEnv, store, () => clock, 50);
    for (let i = 0; i < 5 * 50; i++) {
      clock += 20;
      recorder.caller(new Int16Array(FRAME).fill(1000)); // the first chunk: its write is held
    }
    await recorder.retry(); // its wait times out; the put itself goes on
    expect(landed).toBe(false);
    let discarded = false;
    const discarding = recorder.discardWaiting().then(() => (discarded = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(discarded).toBe(false); // still waiting for the put under way
    release();
    await discarding;
    expect(landed).toBe(true); // …which landed before the deletion could list the objects
    expect(recorder.behind).toBe(false); // and nothing is left to write (that put never counted as stored)
  });
  const chunks = await listChunks(target, callId);
  await target.delete(chunks.map((c) => c.key));
});
