// Live calls, client side: the viewer socket's address and messages, the transcript kept in call
// order, the viewer state machine, Join Call's spec texts, and the binary audio frame codec.
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { LIVE_AUDIO_HEADER_BYTES, decodeLiveAudioFrame, encodeLiveAudioFrame, splitPcm } from "../../../protocol/live";
import { PING_FRAME } from "../../../protocol/heartbeat";
import { liveCall } from "../../unit/support/live-call";
import { JOIN_CALL_TEXTS, joinCall } from "../../../web/live/joinCall";
import { viewerReducer, type ViewerState } from "../../../web/live/useLiveViewer";
import { liveSocketUrl, sendViewerMessage, upsertEntry } from "../../../web/live/viewerMessages";

const entry = (seq: number, text = `entry ${seq}`, id = `e${seq}`): TranscriptEntry => ({
  id,
  seq,
  speaker: seq % 2 ? "caller" : "assistant",
  text,
  timestamp: 1000 + seq,
  emotions: { joy: 0.5, calm: 0.5 },
});

const call = liveCall;

describe("liveSocketUrl", () => {
  it("uses ws on plain-http localhost and wss elsewhere, escaping the id", () => {
    expect(liveSocketUrl({ protocol: "http:", host: "localhost:5174" }, "abc")).toBe("ws://localhost:5174/ws/live/abc?v=1");
    expect(liveSocketUrl({ protocol: "https:", host: "echo.example" }, "a/b")).toBe("wss://echo.example/ws/live/a%2Fb?v=1");
  });
});

describe("sendViewerMessage", () => {
  it("sends typed viewer messages as JSON, only on an open socket", () => {
    const sent: string[] = [];
    const ws = { readyState: 1, send: (d: string) => void sent.push(d) };
    expect(sendViewerMessage(ws, { type: "listen", on: true })).toBe(true);
    expect(sendViewerMessage(ws, { type: "ping" })).toBe(true);
    expect(sent).toEqual(['{"type":"listen","on":true}', PING_FRAME]);
    expect(sendViewerMessage({ ...ws, readyState: 3 }, { type: "ping" })).toBe(false);
    expect(sent).toHaveLength(2);
  });
});

describe("upsertEntry", () => {
  it("appends new entries, replaces by id, and keeps seq order", () => {
    let list: TranscriptEntry[] = [];
    list = upsertEntry(list, entry(1));
    list = upsertEntry(list, entry(3));
    list = upsertEntry(list, entry(2)); // arrives late (e.g. an assistant entry finished after a barge-in)
    expect(list.map((e) => e.seq)).toEqual([1, 2, 3]);
    list = upsertEntry(list, entry(2, "rewritten"));
    expect(list.map((e) => e.text)).toEqual(["entry 1", "rewritten", "entry 3"]);
    expect(list).toHaveLength(3);
  });
});

describe("viewerReducer", () => {
  const start: ViewerState = { status: "connecting", call: null, entries: [], listening: false, problem: null };
  it("goes live on the snapshot, adds entries, ends, and stays ended", () => {
    let s = viewerReducer(start, { type: "snapshot", call, entries: [entry(1)] });
    expect(s.status).toBe("live");
    s = viewerReducer(s, { type: "entry", entry: entry(2) });
    s = viewerReducer(s, { type: "listening", on: true });
    expect(s.listening).toBe(true);
    s = viewerReducer(s, { type: "ended", status: "completed", reason: "caller_ended", endTime: 5000 });
    expect(s).toMatchObject({ status: "ended", listening: false, call: { phase: "ended", status: "completed", endTime: 5000 } });
    expect(s.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(viewerReducer(s, { type: "connecting", again: true }).status).toBe("ended");
    expect(viewerReducer(s, { type: "failed" }).status).toBe("ended");
  });

  it("keeps a readable note of an ignored server frame without leaving the call; a version refusal fails with its reason", () => {
    let s = viewerReducer(start, { type: "snapshot", call, entries: [entry(1)] });
    s = viewerReducer(s, { type: "problem", text: 'Ignored a message from the server: Unknown message type "dance".' });
    expect(s).toMatchObject({ status: "live", problem: 'Ignored a message from the server: Unknown message type "dance".' });
    expect(s.entries).toHaveLength(1);
    s = viewerReducer(s, { type: "failed", reason: "Protocol version 0 is not supported; this server speaks version 1. Reload the page." });
    expect(s).toMatchObject({ status: "failed", problem: expect.stringMatching(/Reload the page/) });
    expect(viewerReducer(s, { type: "snapshot", call, entries: [] }).problem).toBeNull(); // a fresh snapshot: all is well again
  });

  it("reconnects, and a new snapshot replaces the transcript", () => {
    let s = viewerReducer(start, { type: "snapshot", call, entries: [entry(1)] });
    s = viewerReducer(s, { type: "connecting", again: true });
    expect(s.status).toBe("reconnecting");
    s = viewerReducer(s, { type: "snapshot", call, entries: [entry(1), entry(2), entry(3)] });
    expect(s.status).toBe("live");
    expect(s.entries).toHaveLength(3);
    expect(viewerReducer(start, { type: "snapshot", call: { ...call, phase: "ended" }, entries: [] }).status).toBe("ended");
  });
});

describe("joinCall", () => {
  const stream = () => {
    const stopped: string[] = [];
    const tracks = ["mic"].map((id) => ({ id, stop: () => stopped.push(id) }));
    return { stopped, media: { getTracks: () => tracks } as unknown as MediaStream };
  };

  it("says the browser lacks microphone support when there is no getUserMedia, and records nothing", async () => {
    const recorded: string[] = [];
    const record = async (id: string) => void recorded.push(id);
    expect(await joinCall("c1", { mediaDevices: undefined, record })).toEqual({ ok: false, message: "Your browser does not support microphone access" });
    expect(await joinCall("c1", { mediaDevices: {} as MediaDevices, record })).toEqual({ ok: false, message: JOIN_CALL_TEXTS.unsupported });
    expect(recorded).toEqual([]);
  });

  it("reports a refused microphone with the spec's text", async () => {
    const recorded: string[] = [];
    const outcome = await joinCall("c1", {
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
      record: async (id) => void recorded.push(id),
    });
    expect(outcome).toEqual({ ok: false, message: "Failed to access microphone. Please check permissions." });
    expect(recorded).toEqual([]);
  });

  it("releases the microphone, records the join and says joining is coming soon", async () => {
    const { stopped, media } = stream();
    const recorded: string[] = [];
    const outcome = await joinCall("c1", { mediaDevices: { getUserMedia: () => Promise.resolve(media) }, record: async (id) => void recorded.push(id) });
    expect(outcome).toEqual({ ok: true, message: "Call joining feature coming soon! For now, you can view the live transcript." });
    expect(stopped).toEqual(["mic"]);
    expect(recorded).toEqual(["c1"]);
  });

  it("shows the server's message when the join cannot be recorded", async () => {
    const { media } = stream();
    const outcome = await joinCall("c1", {
      mediaDevices: { getUserMedia: () => Promise.resolve(media) },
      record: () => Promise.reject(new Error("This call has already ended.")),
    });
    expect(outcome).toEqual({ ok: false, message: "This call has already ended." });
  });
});

describe("live audio frames", () => {
  it("round-trips caller and assistant PCM with the sample rate", () => {
    const pcm = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    for (const speaker of ["caller", "assistant"] as const) {
      const buf = encodeLiveAudioFrame({ speaker, sampleRate: 16000, pcm });
      expect(buf.byteLength).toBe(LIVE_AUDIO_HEADER_BYTES + pcm.length * 2);
      const back = decodeLiveAudioFrame(buf);
      expect(back?.speaker).toBe(speaker);
      expect(back?.sampleRate).toBe(16000);
      expect(Array.from(back!.pcm)).toEqual(Array.from(pcm));
    }
    // Little-endian on the wire, whatever the machine.
    const bytes = new Uint8Array(encodeLiveAudioFrame({ speaker: "caller", sampleRate: 16000, pcm: Int16Array.from([0x0102]) }));
    expect([...bytes.slice(4, 10)]).toEqual([0x80, 0x3e, 0, 0, 0x02, 0x01]);
  });

  it("refuses frames that are not live audio", () => {
    const good = new Uint8Array(encodeLiveAudioFrame({ speaker: "caller", sampleRate: 16000, pcm: Int16Array.from([1, 2]) }));
    const variants = [
      new Uint8Array([1, 2, 3]),
      Uint8Array.from(good, (b, i) => (i === 0 ? 0 : b)), // wrong magic
      Uint8Array.from(good, (b, i) => (i === 1 ? 7 : b)), // unknown speaker
      good.slice(0, good.length - 1), // half a sample
      Uint8Array.from(good, (b, i) => (i >= 4 && i < 8 ? 0 : b)), // sample rate 0
    ];
    for (const v of variants) expect(decodeLiveAudioFrame(v.buffer)).toBeNull();
  });

  it("splits long audio into frames of at most one second", () => {
    const parts = splitPcm(new Int16Array(40_000));
    expect(parts.map((p) => p.length)).toEqual([16_000, 16_000, 8_000]);
    expect(splitPcm(new Int16Array(0))).toEqual([]);
  });
});
