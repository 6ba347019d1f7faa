// iOS plays Web Audio as "ambient" sound by default: the ring/silent switch mutes it. The Audio
// Session API (Safari 16.4+; no other browser has it yet, and TypeScript's DOM types don't list it)
// lets a page say its audio is media, played whatever the switch says.

/** The Audio Session API's types (W3C Audio Session, navigator.audioSession.type). */
export type AudioSessionType = "auto" | "playback" | "transient" | "transient-solo" | "ambient" | "play-and-record";

export interface AudioSessionNavigator {
  audioSession?: { type: AudioSessionType };
}

/**
 * Makes the page's audio "playback" (not muted by iOS's silent switch) where the browser has an
 * audio session; call it before creating the AudioContext. Returns what puts the previous type back.
 */
export function enterPlaybackSession(nav: AudioSessionNavigator = navigator as Navigator & AudioSessionNavigator): () => void {
  const session = nav.audioSession;
  if (!session) return () => {};
  const previous = session.type;
  session.type = "playback";
  return () => {
    if (session.type === "playback") session.type = previous;
  };
}
