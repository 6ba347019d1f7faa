// Join Call (spec §5, §8): check the microphone, then record the user as a participant. The texts are
// the spec's, word for word. The microphone is only checked: its tracks are released at once.
import { GENERIC_ERROR_MESSAGE } from "../../protocol/api";

export const JOIN_CALL_TEXTS = {
  unsupported: "Your browser does not support microphone access",
  denied: "Failed to access microphone. Please check permissions.",
  success: "Call joining feature coming soon! For now, you can view the live transcript.",
} as const;

export interface JoinCallDeps {
  /** navigator.mediaDevices (undefined in insecure contexts and old browsers). */
  mediaDevices: Pick<MediaDevices, "getUserMedia"> | undefined;
  /** POST /api/live-calls/:id/join */
  record: (callId: string) => Promise<unknown>;
}

export type JoinOutcome = { ok: true; message: string } | { ok: false; message: string };

export async function joinCall(callId: string, deps: JoinCallDeps): Promise<JoinOutcome> {
  const getUserMedia = deps.mediaDevices?.getUserMedia?.bind(deps.mediaDevices);
  if (!getUserMedia) return { ok: false, message: JOIN_CALL_TEXTS.unsupported };
  let stream: MediaStream;
  try {
    stream = await getUserMedia({ audio: true });
  } catch {
    return { ok: false, message: JOIN_CALL_TEXTS.denied };
  }
  for (const track of stream.getTracks()) track.stop();
  try {
    await deps.record(callId);
  } catch (err) {
    return { ok: false, message: err instanceof Error && err.message ? err.message : GENERIC_ERROR_MESSAGE };
  }
  return { ok: true, message: JOIN_CALL_TEXTS.success };
}
