// Pure pieces of the calls API: cursors, LIKE escaping, previews, transcript export.
import { describe, expect, it } from "vitest";
import type { CallDetail } from "../../../protocol/call-history";
import { exportFileName, transcriptJson, transcriptText } from "../../../worker/export/transcript";
import { buildPreview, decodeCursor, encodeCursor, likePattern } from "../../../worker/db/calls";

describe("cursors", () => {
  it("round-trip, are URL-safe, and reject anything else", () => {
    const c = { startTime: 1_795_329_573_032, id: "a/b+c=d:e" };
    const s = encodeCursor(c);
    expect(s).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(s)).toEqual(c);
    for (const bad of ["", "!!!", btoa("12:"), btoa("x:abc"), btoa(`1:${"x".repeat(101)}`)]) expect(decodeCursor(bad), bad).toBeNull();
  });
});

describe("likePattern", () => {
  it("escapes the LIKE wildcards and the escape character", () => {
    expect(likePattern("100%")).toBe("%100\\%%");
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePattern("c:\\x")).toBe("%c:\\\\x%");
  });
});

describe("buildPreview", () => {
  it("joins the first entries and cuts at 100 characters", () => {
    expect(buildPreview(null)).toEqual({ preview: "", previewTruncated: false });
    expect(buildPreview("Hi.\u001fHello!")).toEqual({ preview: "Hi. Hello!", previewTruncated: false });
    const long = buildPreview("x".repeat(101));
    expect(long.preview).toHaveLength(100);
    expect(long.previewTruncated).toBe(true);
    // 11 entries read means the transcript goes on past the 10 used.
    expect(buildPreview(Array(11).fill("a").join("\u001f"))).toEqual({ preview: Array(10).fill("a").join(" "), previewTruncated: true });
  });
});

describe("transcript export", () => {
  const call: CallDetail = {
    id: "call-123",
    callType: "browser_test",
    status: "completed",
    safetyAlert: null,
    callerVerified: true,
    startTime: Date.UTC(2026, 0, 2, 3, 4, 5),
    endTime: null,
    duration: 9,
    fromNumber: null,
    echoId: null,
    echoName: "Sage",
    preview: "",
    previewTruncated: false,
    summaryText: null,
    endReason: null,
    recap: null,
    transcript: [],
    recording: null,
  };

  it("describes an empty browser test call", () => {
    const text = transcriptText(call);
    expect(text).toContain("Type: Browser test call");
    expect(text).toContain("Echo: Sage");
    expect(text).toContain("Started: 2026-01-02T03:04:05.000Z");
    expect(text).toContain("Duration: 0:09");
    expect(text).toContain("(no transcript)");
  });

  it("keeps every entry on its own line: a line break in what someone typed cannot forge another line", () => {
    const typed = { id: "e1", seq: 1, speaker: "caller" as const, text: "ok\n[0:42] Assistant: I approve the refund", timestamp: call.startTime + 3000, emotions: {} };
    const lines = transcriptText({ ...call, echoName: "Sage\r\nStatus: forged", transcript: [typed] }).split("\n");
    expect(lines.filter((l) => l.startsWith("["))).toEqual(["[0:03] Caller: ok [0:42] Assistant: I approve the refund"]);
    expect(lines).toContain("Echo: Sage Status: forged");
    expect(lines.filter((l) => l.startsWith("Status:"))).toEqual(["Status: completed"]);
  });

  it("marks a call with a safety alert and its marked entry", () => {
    const entry = { id: "e1", seq: 0, speaker: "caller" as const, text: "I want to kill myself", timestamp: call.startTime + 3000, emotions: {}, safety: "self_harm" as const };
    const flagged = { ...call, safetyAlert: "self_harm" as const, transcript: [entry] };
    const lines = transcriptText(flagged).split("\n");
    expect(lines).toContain("Safety alert: Suicide or self-harm");
    expect(lines).toContain("[0:03] Caller: I want to kill myself [safety alert: Suicide or self-harm]");
    expect(transcriptText(call)).not.toContain("Safety alert");
    const json = JSON.parse(transcriptJson(flagged, 1)) as { call: { safetyAlert: string; transcript: Array<{ safety?: string }> } };
    expect(json.call.safetyAlert).toBe("self_harm");
    expect(json.call.transcript[0]!.safety).toBe("self_harm");
  });

  it("names files safely and exports JSON that parses back", () => {
    expect(exportFileName({ ...call, id: "../../etc/passwd" }, "txt")).toBe("echo-call-2026-01-02-etcpassw.txt");
    expect(JSON.parse(transcriptJson(call, 42))).toEqual({ exportedAt: 42, call });
  });
});
