// The auth-state listener (spec §7): GET /api/auth/me on load, and after every sign-in, sign-up,
// sign-out or Google popup result. The app switches landing/auth ↔ dashboard on `state.status`.
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { MeResponse, SignInInput, SignUpInput, UserProfile } from "../../protocol/api";
import { api, onSessionLost } from "../lib/api";
import { GOOGLE_START_PATH, listenForGoogleResult, openGooglePopup } from "./googlePopup";
import { authErrorMessage } from "./messages";

export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; user: UserProfile }
  | { status: "error"; message: string };

export interface AuthApi {
  state: AuthState;
  signIn(email: string, password: string): Promise<UserProfile>;
  signUp(displayName: string, email: string, password: string): Promise<UserProfile>;
  signOut(): Promise<void>;
  /** Re-reads /api/auth/me. */
  refresh(): Promise<void>;
  /** Opens the Google popup; resolves when it reports back (or is closed). Throws with a user-facing message on failure. */
  signInWithGoogle(): Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading" });
  const pendingGoogle = useRef<{ resolve: () => void; reject: (e: Error) => void } | null>(null);

  const refresh = useCallback(async () => {
    try {
      const { user } = await api<MeResponse>("/api/auth/me");
      setState(user ? { status: "signed-in", user } : { status: "signed-out" });
    } catch (err) {
      setState((prev) => (prev.status === "loading" ? { status: "error", message: authErrorMessage(err) } : prev));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A request refused for want of a session (signed out in another tab, or expired): ask again, and
  // the app goes back to the landing page if the session is really gone.
  useEffect(() => onSessionLost(() => void refresh()), [refresh]);

  // Google results can arrive any time (even from a popup opened before a reload).
  useEffect(
    () =>
      listenForGoogleResult((message) => {
        const waiter = pendingGoogle.current;
        pendingGoogle.current = null;
        if (message.ok) {
          void refresh().then(() => waiter?.resolve());
        } else {
          waiter?.reject(new Error(message.error.message));
        }
      }),
    [refresh],
  );

  const signIn = useCallback(async (email: string, password: string) => {
    const { user } = await api<MeResponse>("/api/auth/sign-in", { body: { email, password } satisfies SignInInput });
    if (!user) throw new Error("An error occurred. Please try again.");
    setState({ status: "signed-in", user });
    return user;
  }, []);

  const signUp = useCallback(async (displayName: string, email: string, password: string) => {
    const { user } = await api<MeResponse>("/api/auth/sign-up", { body: { displayName, email, password } satisfies SignUpInput });
    if (!user) throw new Error("An error occurred. Please try again.");
    setState({ status: "signed-in", user });
    return user;
  }, []);

  const signOut = useCallback(async () => {
    await api<MeResponse>("/api/auth/sign-out", { method: "POST" });
    setState({ status: "signed-out" });
  }, []);

  const signInWithGoogle = useCallback(() => {
    const popup = openGooglePopup();
    if (!popup) {
      // Popup blocked: do the same flow in this tab.
      window.location.assign(GOOGLE_START_PATH);
      return new Promise<void>(() => {});
    }
    pendingGoogle.current?.resolve();
    return new Promise<void>((resolve, reject) => {
      pendingGoogle.current = { resolve, reject };
      const timer = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(timer);
        // Closed without a message (cancelled, or opener severed): give a late message a moment, then re-check.
        window.setTimeout(() => {
          if (pendingGoogle.current?.resolve !== resolve) return;
          pendingGoogle.current = null;
          void refresh().then(resolve);
        }, 800);
      }, 400);
    });
  }, [refresh]);

  const value = useMemo<AuthApi>(
    () => ({ state, signIn, signUp, signOut, refresh, signInWithGoogle }),
    [state, signIn, signUp, signOut, refresh, signInWithGoogle],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside <AuthProvider>");
  return ctx;
}
