// A live call the user joined here: its audio plays (a listening viewer socket, /ws/live/:callId), the
// row says so ("Joined · listening", joinedState.ts), and Leave closes that socket (the component goes) and stops the audio (LiveCalls closes the listener).
import { Button } from "../ui";
import type { LiveListener } from "./liveAudio";
import { joinedStateLabel } from "./joinedState";
import { useLiveViewer } from "./useLiveViewer";

export function JoinedCall({ callId, listener, which, onLeave }: { callId: string; listener: LiveListener; which: string; onLeave: () => void }) {
  const viewer = useLiveViewer(callId, { listen: true, audio: listener });
  const label = joinedStateLabel(viewer.status, viewer.listening, viewer.problem);
  return (
    <div className="flex flex-wrap items-center gap-2" data-joined-status={viewer.status} data-listening={viewer.listening}>
      <span role="status" className="text-sm font-medium text-emerald-700">
        {label}
      </span>
      <Button size="sm" variant="secondary" onClick={onLeave} aria-label={`Leave: ${which}`}>
        Leave
      </Button>
    </div>
  );
}
