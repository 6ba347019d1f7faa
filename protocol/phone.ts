// Phone linking and the phone Echo: REST shapes shared by /api/phone and the dashboard panel.
import { z } from "zod";

/** A link code: 6 digits typed on the phone keypad, valid 10 minutes. */
export const LINK_CODE_DIGITS = 6;
export const LINK_CODE_TTL_MS = 10 * 60_000;

/** What a phone caller hears first when the answering Echo records its calls (nothing when it does not). */
export const RECORDING_NOTICE = "This call is recorded.";

/** Name of the built-in assistant that answers callers whose number is not linked. */
export const DEFAULT_ASSISTANT_NAME = "Echo";

/** The phone PIN: 4 to 8 digits, keyed in on a call from the linked number, then # (issue 42 §4). */
export const PHONE_PIN_PATTERN = /^[0-9]{4,8}$/;
export const phonePinInputSchema = z.object({ pin: z.string().regex(PHONE_PIN_PATTERN, "The PIN must be 4 to 8 digits.") });
export type PhonePinInput = z.infer<typeof phonePinInputSchema>;

/** GET/PUT/DELETE /api/phone/pin: whether a PIN is set (the PIN itself is never sent back). */
export interface PhonePinStatus {
  hasPin: boolean;
}

export interface PhoneLinkCode {
  code: string;
  expiresAt: number;
}

/** GET /api/phone (and the answer of every /api/phone change). */
export interface PhoneSettings {
  /** The public number to call. */
  publicNumber: string;
  /** The caller number linked to this account (E.164), or null. */
  linkedNumber: string | null;
  /**
   * The Echo chosen to answer phone calls: set when the first Echo is made, changed only by the user
   * (PUT /api/phone/echo) or when it is deactivated (the phone moves to another active Echo); null: no
   * active Echo (the built-in assistant answers).
   */
  phoneEchoId: string | null;
  /** The Echo that answers this account's phone calls right now; null: no active Echo (the built-in assistant answers). */
  answeringEcho: { id: string; name: string } | null;
  /** A code waiting to be typed on the phone, if one is still valid. */
  pendingCode: PhoneLinkCode | null;
}

/** POST /api/phone/link-call: Echo calls this number; the user types the code shown on screen. */
export const phoneLinkCallInputSchema = z.object({ number: z.string().trim().min(7).max(24) });
export type PhoneLinkCallInput = z.infer<typeof phoneLinkCallInputSchema>;

/** The answer: the code to type when Echo calls `number` (E.164). */
export interface PhoneLinkCall extends PhoneLinkCode {
  number: string;
}

/** PUT /api/phone/echo: choose the phone Echo, one of the user's active Echoes (an explicit choice: there is no "default"). */
export const phoneEchoInputSchema = z.object({ echoId: z.string().min(1).max(64) });
export type PhoneEchoInput = z.infer<typeof phoneEchoInputSchema>;
