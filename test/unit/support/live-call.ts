// A live call as a viewer sees it (protocol/live.ts LiveCallState), for client-side tests.
import type { LiveCallState } from "../../../protocol/live";
import { OFFLINE_ENGINES } from "../../web/support/engines";

export const liveCall: LiveCallState = {
  callId: "c1",
  callType: "browser_test",
  echoName: "Sage",
  provider: "offline",
  engines: OFFLINE_ENGINES,
  fromNumber: null,
  startTime: 1000,
  phase: "active",
  endTime: null,
  status: null,
  endReason: null,
};
