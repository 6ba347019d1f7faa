// The dashboard's safety marks (issue 40 §4): the badge's words per category, the Call History filter's
// request (?safety=1, with the other filters and the cursor), and the badge on a marked transcript entry
// only.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { SAFETY_CATEGORIES } from "../../../protocol/safety";
import { NO_FILTERS, listUrl } from "../../../web/calls/history/historyFilters";
import { SafetyBadge, safetyAlertLabel } from "../../../web/ui/safety/SafetyBadge";
import { TranscriptList } from "../../../web/ui/transcript/TranscriptList";

describe("the Safety alert badge", () => {
  it("names the category in words", () => {
    expect(safetyAlertLabel("self_harm")).toBe("Safety alert: Suicide or self-harm");
    expect(safetyAlertLabel("abuse_at_home")).toBe("Safety alert: Abuse at home");
    for (const c of SAFETY_CATEGORIES) expect(renderToStaticMarkup(createElement(SafetyBadge, { category: c }))).toContain(safetyAlertLabel(c));
  });

  it("is on the marked entry of a transcript, not the others", () => {
    const entry = (id: string, safety?: TranscriptEntry["safety"]): TranscriptEntry => ({ id, seq: 0, speaker: "caller", text: `line ${id}`, timestamp: 1000, emotions: {}, ...(safety ? { safety } : {}) });
    const html = renderToStaticMarkup(createElement(TranscriptList, { transcript: [entry("a"), entry("b", "medical_emergency")], startTime: 0, assistantName: "Sage" }));
    const items = html.split("<li").slice(1);
    expect(items[0]).not.toContain("Safety alert");
    expect(items[1]).toContain("Safety alert: Medical emergency");
  });
});

describe("the Call History filter 'Calls with safety alerts'", () => {
  it("asks for ?safety=1 only when on, with the call type and the cursor", () => {
    expect(listUrl(NO_FILTERS, 20, null)).toBe("/api/calls?limit=20");
    expect(listUrl({ ...NO_FILTERS, safetyOnly: true }, 20, null)).toBe("/api/calls?safety=1&limit=20");
    expect(listUrl({ ...NO_FILTERS, callType: "phone", safetyOnly: true }, 20, "abc")).toBe("/api/calls?callType=phone&safety=1&limit=20&cursor=abc");
  });
});
