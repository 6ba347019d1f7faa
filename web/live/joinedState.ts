// What a joined live call says about itself (pure): "Joined · listening" once the server acknowledged
// listening, else what the viewer socket is doing, or why it stopped.
import type { ViewerStatus } from "./useLiveViewer";

export function joinedStateLabel(status: ViewerStatus, listening: boolean, problem: string | null): string {
  if (status === "ended") return "Joined · the call ended";
  if (status === "failed") return `Joined · not listening${problem ? `: ${problem}` : " (the connection failed)"}`;
  if (status === "reconnecting") return "Joined · reconnecting…";
  if (status === "live" && listening) return "Joined · listening";
  return "Joined · connecting…";
}
