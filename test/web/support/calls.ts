// A Call History row for the web's list tests.
import type { CallSummary } from "../../../protocol/call-history";

export const callSummary = (id: string, startTime: number, status = "completed"): CallSummary => ({
  id,
  callType: "phone",
  status,
  safetyAlert: null,
  callerVerified: false,
  startTime,
  endTime: null,
  duration: 10,
  fromNumber: "+1555",
  echoId: null,
  echoName: null,
  preview: "",
  previewTruncated: false,
  summaryText: null,
});
