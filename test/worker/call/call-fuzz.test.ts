// Fuzz on /ws/call with a call in progress: 10,000 random, malformed, oversized and out-of-order
// messages from a seeded generator (the same run every time). The call must not crash: every bad message
// gets exactly one clear `error` (a known code and a message), good ones none; the socket stays open, the
// Echo still answers afterwards, and the call's stored transcript holds every line the socket carried.
import { describe, expect, it } from "vitest";
import { MAX_FRAME_BYTES, type TranscriptEntry } from "../../../protocol/call-messages";
import { pcm16ToBase64 } from "../../../protocol/pcm16";
import { callRow, d1Transcript, startTestCall } from "../support/call";
import { rng } from "../../../scripts/seed/prng";

const MESSAGES = 10_000;


const ERROR_CODES = new Set(["frame-too-large", "binary-frame", "invalid-json", "unknown-type", "invalid-message", "invalid-audio", "already-started"]);

type Frame = { frame: string | ArrayBuffer; bad: boolean };

function generator(random: () => number) {
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + int(0x2fff))).join("");
  const quietAudio = () => {
    const pcm = new Int16Array(320 * (1 + int(12)));
    for (let i = 0; i < pcm.length; i++) pcm[i] = int(200) - 100;
    return pcm16ToBase64(pcm);
  };
  const makers: Array<[number, () => Frame]> = [
    [14, () => ({ frame: junk(1 + int(200)), bad: true })], // not JSON (usually)
    [8, () => ({ frame: JSON.stringify(pick([42, "text", null, true, [1, 2], []])), bad: true })],
    [10, () => ({ frame: JSON.stringify({ type: junk(1 + int(20)), data: junk(int(50)) }), bad: true })],
    [6, () => ({ frame: JSON.stringify({ data: "AAAA" }), bad: true })],
    [10, () => ({ frame: JSON.stringify({ type: "audio_data", data: pick([42, null, ["x"], { a: 1 }]), timestamp: Date.now() }), bad: true })],
    [8, () => ({ frame: JSON.stringify({ type: "audio_data", data: pick(["%%%%", "QUJD", "not base64!", "AAAA=AAA"]), timestamp: 1 }), bad: true })],
    [6, () => ({ frame: JSON.stringify({ type: "audio_data", data: quietAudio() }), bad: true })], // no timestamp
    [8, () => ({ frame: JSON.stringify({ type: "text_input", text: pick(["", "   ", 7, null]) }), bad: true })],
    [4, () => ({ frame: JSON.stringify({ type: "text_input", text: "x".repeat(2001 + int(3000)) }), bad: true })],
    [6, () => ({ frame: JSON.stringify({ type: "start_call", echoId: junk(5), userId: junk(5), callType: "browser_test" }), bad: true })], // out of order
    [4, () => ({ frame: JSON.stringify({ type: "start_call", echoId: 5 }), bad: true })],
    [4, () => ({ frame: new Uint8Array(1 + int(64)).buffer, bad: true })],
    [1, () => ({ frame: JSON.stringify({ type: "audio_data", data: "A".repeat(MAX_FRAME_BYTES + int(50_000)), timestamp: 1 }), bad: true })],
    [6, () => ({ frame: JSON.stringify({ type: "ping" }), bad: false })],
    [4, () => ({ frame: JSON.stringify({ type: "audio_data", data: quietAudio(), timestamp: Date.now(), extra: junk(5) }), bad: false })],
    [0.05, () => ({ frame: JSON.stringify({ type: "text_input", text: `Message ${int(1000)} arrives.` }), bad: false })],
  ];
  const total = makers.reduce((s, [w]) => s + w, 0);
  return (): Frame => {
    let r = random() * total;
    for (const [w, make] of makers) {
      r -= w;
      if (r < 0) return make();
    }
    return makers[0]![1]();
  };
}

type EntryMsg = { type: string; text: string; entry: TranscriptEntry; final?: boolean };

// The timeout is a hang guard, not a speed check: on an idle machine the run takes well under 30 s; on
// a shared 2-core machine under load (load average 12) sending and answering took ~40 s.
describe("fuzzing /ws/call with a call in progress", { timeout: 120_000 }, () => {
  it("answers 10,000 random, malformed, oversized and out-of-order messages with clear errors and loses nothing", async () => {
    const { socket, callId } = await startTestCall();
    socket.send({ type: "text_input", text: "Hello before the storm." });
    await socket.next("audio_response", 15_000); // the Echo is talking while the storm starts

    const t0 = Date.now();
    const next = generator(rng(0x5eed));
    let bad = 0;
    for (let i = 0; i < MESSAGES; i++) {
      const { frame, bad: isBad } = next();
      if (isBad) bad++;
      socket.ws.send(frame);
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 0));
    }
    const deadline = Date.now() + 30_000;
    while (socket.all("error").length < bad && Date.now() < deadline && !socket.isClosed) await new Promise((r) => setTimeout(r, 50));

    console.log(`fuzz: ${MESSAGES} messages (${bad} bad) sent and answered in ${Date.now() - t0} ms`);
    expect(socket.isClosed).toBe(false);
    const errors = socket.all<{ code: string; error: string }>("error");
    expect(errors.length).toBe(bad);
    for (const e of errors) {
      expect(ERROR_CODES.has(e.code), e.code).toBe(true);
      expect(e.error.length).toBeGreaterThan(5);
    }

    // Still a working call: the Echo answers, then the call ends and lands in D1 with every line.
    socket.send({ type: "text_input", text: "Are you still with me?" });
    await socket.next((m) => m.type === "transcription" && m.text === "Are you still with me?", 15_000);
    socket.send({ type: "end_call" });
    await socket.next("call_ended", 15_000);
    expect(await callRow(callId)).toMatchObject({ status: "completed" });
    const stored = await d1Transcript(callId);
    const finals = new Map<string, string>();
    for (const m of socket.received as EntryMsg[]) {
      if (m.type === "transcription" || (m.type === "ai_response" && m.final)) finals.set(m.entry.id, m.entry.text);
    }
    expect(new Map(stored.map((e) => [e.id, e.text]))).toEqual(finals);
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1));
  });
});
