// Action lines in the transcripts (issue 42 §2): an Echo entry that took actions shows one line per
// action under its words — the summary for a done action, the action's name, the reason and a status
// badge otherwise — in Call Details / the live viewer (TranscriptList) and the test call's transcript.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "../../../protocol/call-messages";
import { TranscriptList } from "../../../web/ui/transcript/TranscriptList";
import { TranscriptView } from "../../../web/testcall/TranscriptView";

const entries: TranscriptEntry[] = [
  { id: "a", seq: 1, speaker: "caller", text: "Call me back tomorrow at 8 to practise my speech.", timestamp: 1000, emotions: {} },
  {
    id: "b",
    seq: 2,
    speaker: "assistant",
    text: "I'll call you tomorrow at 8:00 to practise your speech.",
    timestamp: 2000,
    emotions: {},
    actions: [
      { action: "schedule_callback", status: "done", summary: "Callback: Wed 2 Dec, 08:00 (Europe/Berlin), to practise my speech", dueAt: 1 },
      { action: "remember", status: "unavailable", summary: "Not available yet" },
    ],
  },
  { id: "c", seq: 3, speaker: "assistant", text: "Anything else?", timestamp: 3000, emotions: {} },
];

function lines(html: string) {
  return html.split("<li").slice(1);
}

describe("action lines", () => {
  it("Call Details and the live viewer: under the entry that took them, labelled for screen readers", () => {
    const html = renderToStaticMarkup(createElement(TranscriptList, { transcript: entries, startTime: 0, assistantName: "Sage" }));
    expect(html).toContain('aria-label="Actions"');
    expect(html.match(/data-testid="action-line"/g)).toHaveLength(2);
    expect(html).toContain("Callback: Wed 2 Dec, 08:00 (Europe/Berlin), to practise my speech");
    expect(html).toContain("Remember: Not available yet");
    expect(html).toContain("Not available</span>");
    const [caller] = lines(html);
    expect(caller).not.toContain("action-line");
    expect(html.split('data-testid="transcript-entry"')[3]).not.toContain("action-line");
  });

  it("the test call's live transcript shows them too", () => {
    const html = renderToStaticMarkup(createElement(TranscriptView, { entries, assistantName: "Sage", emptyText: "Nothing yet" }));
    expect(html.match(/data-testid="action-line"/g)).toHaveLength(2);
    expect(html).toContain('data-status="unavailable"');
    expect(html).toContain("<span class=\"sr-only\">Action:</span>");
  });
});
