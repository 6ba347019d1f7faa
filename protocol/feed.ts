// Change events pushed to a user's open dashboards over /ws/feed ("something changed": refetch it).
export type FeedEvent =
  | { type: "echo_changed"; echoId: string }
  | { type: "call_changed"; callId: string }
  | { type: "live_call_started"; callId: string }
  | { type: "live_call_ended"; callId: string };
