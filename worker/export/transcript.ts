// Transcript export codecs (pure): a call with its transcript as plain text or JSON, plus file names.
// The safety net's marks are in both: the call's alert and each marked entry (JSON: safetyAlert and the
// entries' `safety`; text: a "Safety alert:" line and "[safety alert: …]" on the entry).
import type { CallDetail, CallExport, ExportFormat } from "../../protocol/call-history";
import { SAFETY_CATEGORY_LABELS } from "../../protocol/safety";
import { formatDuration, formatOffset, formatPercent, sortedEmotions } from "../../protocol/format";

/** A user's or a model's text on one line: a line break in it cannot start a forged line of the export. */
const oneLine = (text: string): string => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ");

/** The summary block of the text export (nothing when the call has no ready summary). */
function recapLines(call: CallDetail): string[] {
  const r = call.recap;
  if (!r || r.status !== "ready") return [];
  const label = r.method === "extractive" ? "Summary (extractive: the caller's own words, no language model)" : "Summary";
  return [
    `${label}: ${oneLine(r.text)}`,
    ...(r.moodArc ? [`Mood: ${oneLine(r.moodArc)}`] : []),
    ...(r.followUps.length ? ["Follow-ups:", ...r.followUps.map((f) => `- ${oneLine(f)}`)] : []),
    ...(r.topics.length ? [`Topics: ${oneLine(r.topics.join(", "))}`] : []),
    "",
  ];
}

export function transcriptText(call: CallDetail): string {
  const lines = [
    "Echo call transcript",
    `Call: ${call.id}`,
    `Type: ${call.callType === "phone" ? `Phone call from ${call.fromNumber ?? "unknown number"}` : "Browser test call"}`,
    ...(call.echoName ? [`Echo: ${oneLine(call.echoName)}`] : []),
    `Started: ${new Date(call.startTime).toISOString()}`,
    `Duration: ${formatDuration(call.duration)}`,
    `Status: ${call.status}`,
    ...(call.safetyAlert ? [`Safety alert: ${SAFETY_CATEGORY_LABELS[call.safetyAlert]}`] : []),
    "",
    ...recapLines(call),
  ];
  if (call.transcript.length === 0) lines.push("(no transcript)");
  for (const e of call.transcript) {
    const who = e.speaker === "caller" ? "Caller" : "Assistant";
    const emotions = sortedEmotions(e.emotions)
      .slice(0, 3)
      .map(([name, score]) => `${name} ${formatPercent(score)}`)
      .join(", ");
    const safety = e.safety ? `[safety alert: ${SAFETY_CATEGORY_LABELS[e.safety]}]` : "";
    const flags = [safety, e.interrupted ? "[interrupted]" : "", emotions ? `(${emotions})` : ""].filter(Boolean).join(" ");
    lines.push(`[${formatOffset(call.startTime, e.timestamp)}] ${who}: ${oneLine(e.text)}${flags ? ` ${flags}` : ""}`);
  }
  return `${lines.join("\n")}\n`;
}

export function transcriptJson(call: CallDetail, now = Date.now()): string {
  const body: CallExport = { exportedAt: now, call };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** e.g. echo-call-2026-11-21-1a2b3c4d.txt (only safe characters). */
export function exportFileName(call: CallDetail, format: ExportFormat): string {
  const day = new Date(call.startTime).toISOString().slice(0, 10);
  const shortId = call.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 8) || "call";
  return `echo-call-${day}-${shortId}.${format}`;
}
