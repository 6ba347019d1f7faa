// A call's AudioContext that the browser suspends mid-call (Safari's "interrupted" by a phone call or
// Siri, a context suspended while the page was in the background) stays silent, microphone and
// speaker both, until something resumes it. keepAudioRunning resumes it as soon as the page is
// visible again (browsers refuse to resume a hidden page's audio).

/** What keepAudioRunning needs of an AudioContext (state may also be Safari's "interrupted"). */
export interface ResumableContext extends EventTarget {
  readonly state: string;
  resume(): Promise<void>;
}

export interface VisibilitySource extends EventTarget {
  readonly visibilityState: string;
}

/** True when a context in `state` should be resumed now, the page being `visibility`. */
export function shouldResume(state: string, visibility: string): boolean {
  return (state === "suspended" || state === "interrupted") && visibility === "visible";
}

/** Resumes `ctx` whenever it stops running while the page is visible, or the page shows again. Returns the off switch. */
export function keepAudioRunning(ctx: ResumableContext, doc: VisibilitySource = document): () => void {
  const check = () => {
    if (shouldResume(ctx.state, doc.visibilityState)) ctx.resume().catch(() => {});
  };
  ctx.addEventListener("statechange", check);
  doc.addEventListener("visibilitychange", check);
  return () => {
    ctx.removeEventListener("statechange", check);
    doc.removeEventListener("visibilitychange", check);
  };
}
