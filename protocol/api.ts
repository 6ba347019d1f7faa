// REST API shapes shared by worker routes and the SPA.
import { z } from "zod";
import type { AiProviderName } from "./call-messages";
import type { AiEngines } from "./engines";

export const AUTH_ERROR_CODES = [
  "user-not-found",
  "wrong-password",
  "email-already-in-use",
  "weak-password",
  "invalid-email",
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

export const PASSWORD_MIN_LENGTH = 6;

/**
 * The session cookie's name (HttpOnly: the page never reads it; tools that sign in as a user set it).
 * `__Host-`: the browser takes it only with Secure, Path=/ and no Domain, so no subdomain or plain-http
 * page can set or shadow it (ASVS 5.0 V3.3.1).
 */
export const SESSION_COOKIE = "__Host-echo_session";
/** Its name before the prefix: accepted once, then rotated to SESSION_COOKIE (worker/auth/middleware.ts). */
export const LEGACY_SESSION_COOKIE = "echo_session";

/** The spec's authentication messages (§8), shown verbatim by the SPA and sent by the API. */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  "user-not-found": "No account found with this email address.",
  "wrong-password": "Incorrect password.",
  "email-already-in-use": "An account with this email already exists.",
  "weak-password": "Password should be at least 6 characters.",
  "invalid-email": "Please enter a valid email address.",
};

/** A new password found in the bundled list of the most common ones (worker/auth/password-policy.ts). */
export const COMMON_PASSWORD_MESSAGE = "This password is one of the most common ones and easy to guess. Please choose another.";

/** Account security (docs/accounts.md): the answers of /api/account/*. */
export const changePasswordSchema = z.object({ currentPassword: z.string().max(1024), newPassword: z.string().max(1024) });
export const resetRequestSchema = z.object({ email: z.string().trim().max(254) });
export const resetConfirmSchema = z.object({ token: z.string().min(1).max(200), newPassword: z.string().max(1024) });
export const verifyEmailSchema = z.object({ token: z.string().min(1).max(200) });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;
export type ResetConfirmInput = z.infer<typeof resetConfirmSchema>;

/** One signed-in session of the account. */
export interface AccountSession {
  /** Opaque id (the SHA-256 of its token: not usable as a cookie). */
  id: string;
  /** "Chrome on macOS", or "" when the browser sent no User-Agent. */
  device: string;
  createdAt: number;
  lastSeenAt: number;
  /** The session this request came with. */
  current: boolean;
}

export interface AccountSessionList {
  sessions: AccountSession[];
}

/** What the password-reset request answers, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = "If an account uses this address, we've sent it a link to reset the password. It works once, within 30 minutes.";

/** §8 "Anything else": the error's own message, or this. */
export const GENERIC_ERROR_MESSAGE = "An error occurred. Please try again.";

/** What the Google sign-in popup posts to window.opener (same origin only) before it closes. */
export type GoogleAuthMessage =
  | { type: "echo:google-auth"; ok: true }
  | { type: "echo:google-auth"; ok: false; error: { code: string; message: string } };

/** Every API error body. */
export interface ApiErrorBody {
  error: { code: string; message: string };
}

export interface UserProfile {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  createdAt: number;
  totalCalls: number;
  subscription: string;
  /** The address was proved (a verification link, or Google's email_verified). */
  emailVerified: boolean;
}

export interface PublicConfig {
  phoneNumber: string;
  googleEnabled: boolean;
  aiProvider: AiProviderName;
  /** Which engine runs each AI stage of a call. */
  aiEngines: AiEngines;
}

export interface MeResponse {
  user: UserProfile | null;
}

export const signUpSchema = z.object({
  displayName: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254),
  password: z.string().max(1024),
});
export const signInSchema = z.object({
  email: z.string().trim().max(254),
  password: z.string().max(1024),
});
export type SignUpInput = z.infer<typeof signUpSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
