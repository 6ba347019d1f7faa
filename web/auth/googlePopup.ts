// Google sign-in in a popup (spec §7). The popup runs /api/auth/google/start → Google → our callback,
// which posts a GoogleAuthMessage to window.opener (checked here: same origin, expected shape) and
// also on a same-origin BroadcastChannel (used when the provider's COOP severed window.opener).
import type { GoogleAuthMessage } from "../../protocol/api";

export const GOOGLE_START_PATH = "/api/auth/google/start";
const CHANNEL = "echo-auth";

function isGoogleAuthMessage(v: unknown): v is GoogleAuthMessage {
  return typeof v === "object" && v !== null && (v as { type?: unknown }).type === "echo:google-auth" && typeof (v as { ok?: unknown }).ok === "boolean";
}

/** Calls `onMessage` for every Google result this window receives; returns an unsubscribe function. */
export function listenForGoogleResult(onMessage: (m: GoogleAuthMessage) => void): () => void {
  const onWindowMessage = (e: MessageEvent) => {
    if (e.origin !== window.location.origin) return;
    if (isGoogleAuthMessage(e.data)) onMessage(e.data);
  };
  window.addEventListener("message", onWindowMessage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent) => {
      if (isGoogleAuthMessage(e.data)) onMessage(e.data);
    };
  }
  return () => {
    window.removeEventListener("message", onWindowMessage);
    channel?.close();
  };
}

/**
 * Opens the popup centred over this window. Returns the window, or null when the browser blocked it
 * (the caller then navigates this tab to GOOGLE_START_PATH: the callback page returns to / by itself).
 */
export function openGooglePopup(): Window | null {
  const w = 500;
  const h = 640;
  const left = Math.max(0, window.screenX + (window.outerWidth - w) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - h) / 2);
  return window.open(GOOGLE_START_PATH, "echo-google-sign-in", `popup=yes,width=${w},height=${h},left=${left},top=${top}`);
}
