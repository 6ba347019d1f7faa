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

/** The session cookie's name (HttpOnly: the page never reads it; tools that sign in as a user set it). */
export const SESSION_COOKIE = "echo_session";

/** The spec's authentication messages (§8), shown verbatim by the SPA and sent by the API. */
export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  "user-not-found": "No account found with this email address.",
  "wrong-password": "Incorrect password.",
  "email-already-in-use": "An account with this email already exists.",
  "weak-password": "Password should be at least 6 characters.",
  "invalid-email": "Please enter a valid email address.",
};

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
