// Which Echo the Test Call picker shows chosen: the user's own pick, else the one a link asked for
// (?echo=… from an Echo card's "Test in browser"), else the last one test-called (remembered in this
// browser), else the only one. With several Echoes and none of these, nothing is chosen.
import type { Echo } from "../../protocol/echo";

/** localStorage key of the last Echo test-called in this browser (per user). */
export const lastEchoKey = (userId: string) => `echo.testcall.lastEcho.${userId}`;

export interface EchoChoiceInput {
  /** The active Echoes offered. */
  echoes: readonly Pick<Echo, "id">[];
  /** What the user picked in the selector ("" for nothing). */
  picked: string;
  /** The Echo a link asked for (null for none). */
  requested: string | null;
  /** The last Echo test-called in this browser (null for none). */
  lastUsed: string | null;
}

export function chooseEcho({ echoes, picked, requested, lastUsed }: EchoChoiceInput): string {
  const offered = (id: string | null) => id !== null && id !== "" && echoes.some((e) => e.id === id);
  for (const id of [picked, requested, lastUsed]) if (offered(id)) return id!;
  return echoes.length === 1 ? echoes[0]!.id : "";
}

/** The remembered last Echo, or null (storage may be unavailable: private mode, blocked). */
export function readLastEcho(userId: string): string | null {
  try {
    return window.localStorage.getItem(lastEchoKey(userId));
  } catch {
    return null;
  }
}

export function rememberLastEcho(userId: string, echoId: string): void {
  try {
    window.localStorage.setItem(lastEchoKey(userId), echoId);
  } catch {
    // Not remembered: the picker falls back to the only Echo, or asks.
  }
}
