// The signed-in user's phone settings (GET /api/phone), shared by the Phone card and the Echo cards'
// Test Call alert. Kept fresh by the change feed (a link made during a call arrives as that call's
// live_call_started) and, while a link code is waiting to be typed, by polling every few seconds.
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { PhoneEchoInput, PhoneLinkCode, PhoneSettings } from "../../protocol/phone";
import { api } from "../lib/api";
import { useFeed } from "../lib/feed";
import { rememberPhoneSettings } from "./phoneSnapshot";

export const PENDING_POLL_MS = 4000;

export type PhoneState = { status: "loading" } | { status: "error"; message: string } | { status: "ready"; settings: PhoneSettings };

let state: PhoneState = { status: "loading" };
/** Whose settings `state` holds: the SPA does not reload between one user's sign-out and another's sign-in. */
let owner: string | null = null;
const listeners = new Set<() => void>();
let inflight: Promise<void> | null = null;
/**
 * Bumped by every change this page makes (new code, unlink, phone Echo). A load that started before a
 * change answers with the settings from before it: shown, it would undo the change on screen (a
 * refresh triggered by the feed, answering after "Link my phone number", used to wipe the new code).
 */
let changes = 0;
/**
 * A load was asked for while one was on its way (a feed signal during the first load): the one on its
 * way may have read the server before what the signal says, so another follows it.
 */
let again = false;

function set(next: PhoneState): void {
  state = next;
  if (next.status === "ready") rememberPhoneSettings(next.settings);
  for (const l of listeners) l();
}

/**
 * The store now serves `userId`: another user's settings (and any answer still on its way for them)
 * are dropped, never shown — not on the Phone card, not in the Test Call alert.
 */
export function servePhoneSettingsOf(userId: string): void {
  if (owner === userId) return;
  owner = userId;
  changes++; // a load started for the previous user answers out of date
  inflight = null;
  again = false;
  state = { status: "loading" };
  rememberPhoneSettings(null);
}

export function loadPhoneSettings(quiet = false): Promise<void> {
  if (inflight) {
    again = true;
    return inflight;
  }
  if (!quiet || state.status !== "ready") set({ status: "loading" });
  const startedAfter = changes;
  const load: Promise<void> = api<PhoneSettings>("/api/phone")
    .then((settings) => {
      if (changes === startedAfter) set({ status: "ready", settings });
    })
    .catch((err: unknown) => {
      // A quiet refresh that fails keeps what is on screen.
      if (changes === startedAfter && (!quiet || state.status !== "ready")) {
        set({ status: "error", message: err instanceof Error ? err.message : "Failed to load your phone settings." });
      }
    })
    .finally(() => {
      if (inflight !== load) return; // another user's load, dropped when the store changed hands
      inflight = null;
      // Overtaken by a change or asked for again: load again, so the screen shows the server's settings after it.
      const followUp = again || changes !== startedAfter;
      again = false;
      if (followUp) void loadPhoneSettings(true);
    });
  inflight = load;
  return load;
}

/** Applies a change's answer and marks every load started before it as out of date. */
function changed(settings: PhoneSettings): void {
  changes++;
  set({ status: "ready", settings });
}

export async function requestLinkCode(): Promise<PhoneLinkCode> {
  const code = await api<PhoneLinkCode>("/api/phone/link-code", { method: "POST" });
  if (state.status === "ready") changed({ ...state.settings, pendingCode: code });
  else {
    // Still loading: that load predates the code, so it is out of date too.
    changes++;
    if (!inflight) void loadPhoneSettings(true);
  }
  return code;
}

export async function unlinkPhone(): Promise<void> {
  changed(await api<PhoneSettings>("/api/phone/link", { method: "DELETE" }));
}

export async function choosePhoneEcho(echoId: string): Promise<void> {
  changed(await api<PhoneSettings>("/api/phone/echo", { method: "PUT", body: { echoId } satisfies PhoneEchoInput }));
}

/** Loads the settings now (after a change made elsewhere, e.g. deactivating the Echo that answers) and returns them. */
export async function refreshPhoneSettings(): Promise<PhoneSettings> {
  const settings = await api<PhoneSettings>("/api/phone");
  changed(settings);
  return settings;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `userId`'s phone settings for a component: loads once, follows the feed, polls while a code is pending. */
export function usePhoneSettings(userId: string): { state: PhoneState; reload: () => void } {
  servePhoneSettingsOf(userId);
  const current = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    void loadPhoneSettings(state.status === "ready");
  }, [userId]);
  useFeed((signal) => {
    if (signal.type === "live_call_started" || signal.type === "echo_changed" || signal.type === "feed_connected") void loadPhoneSettings(true);
  });
  const pending = current.status === "ready" && current.settings.pendingCode !== null && !current.settings.linkedNumber;
  useEffect(() => {
    if (!pending) return;
    const id = window.setInterval(() => void loadPhoneSettings(true), PENDING_POLL_MS);
    return () => window.clearInterval(id);
  }, [pending]);
  const reload = useCallback(() => void loadPhoneSettings(false), []);
  return { state: current, reload };
}
