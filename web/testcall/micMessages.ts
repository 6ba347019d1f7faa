// What the person reads when the microphone stops a test call: the browser's own error texts
// ("Permission denied", "The object can not be found here.") say nothing they can act on, so the
// usual getUserMedia failures get a short sentence that says what to do. The reducer puts spec §8's
// "Failed to start call: " (or "Call error: ") before them.

/** getUserMedia's failures by DOMException name (old Chrome names included), as sentences to act on. */
const MIC_FAILURES: Readonly<Record<string, string>> = {
  NotAllowedError: "Microphone access is blocked. Allow the microphone for this site in your browser's site settings, then try again.",
  PermissionDeniedError: "Microphone access is blocked. Allow the microphone for this site in your browser's site settings, then try again.",
  SecurityError: "This page may not use the microphone. Open it over https, and allow the microphone for this site in your browser's site settings.",
  NotFoundError: "No microphone was found. Plug in a microphone (or turn one on in your system's sound settings), then try again.",
  DevicesNotFoundError: "No microphone was found. Plug in a microphone (or turn one on in your system's sound settings), then try again.",
  NotReadableError: "The microphone could not be started. Close any other app using it (a call or a recorder), then try again.",
  TrackStartError: "The microphone could not be started. Close any other app using it (a call or a recorder), then try again.",
  OverconstrainedError: "Your microphone can't record the way this call needs. Pick another microphone in your system's sound settings, then try again.",
  ConstraintNotSatisfiedError: "Your microphone can't record the way this call needs. Pick another microphone in your system's sound settings, then try again.",
};

/** Shown as "Call error: {error}" when the microphone goes away mid-call (e.g. a Bluetooth headset disconnects). */
export const MIC_DISCONNECTED = "Your microphone was disconnected. Reconnect it (or pick another one), then start the call again.";

/** The {message} of "Failed to start call: {message}" for what start() threw. */
export function startFailureMessage(err: unknown): string {
  const name = typeof err === "object" && err !== null && "name" in err && typeof err.name === "string" ? err.name : "";
  const known = MIC_FAILURES[name];
  if (known) return known;
  if (err instanceof Error && err.message) return err.message;
  return typeof err === "string" && err ? err : "Unknown error";
}
