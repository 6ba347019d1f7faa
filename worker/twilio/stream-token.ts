// The short-lived token /twilio/voice hands to Twilio in <Parameter name="token"> and Twilio hands
// back in the media stream's `start.customParameters`. It binds that stream to one call (our call id
// and Twilio's CallSid) and expires quickly: Twilio connects the stream within seconds of the TwiML.
// Format: base64url(JSON claims) "." base64url(HMAC-SHA256(key, claims part)); the key is derived from
// the Twilio auth token, so nothing new has to be configured.
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { z } from "zod";

export const STREAM_TOKEN_TTL_MS = 2 * 60_000;

const claimsSchema = z.object({ callId: z.string().min(1), callSid: z.string().min(1), exp: z.number() });
export type StreamClaims = z.infer<typeof claimsSchema>;

const KEY_LABEL = "echo/twilio-stream-token/v1";

async function tokenKey(authToken: string): Promise<CryptoKey> {
  // Domain separation: the signing key is HMAC(auth token, label), never the auth token itself.
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const derived = await crypto.subtle.sign("HMAC", base, new TextEncoder().encode(KEY_LABEL));
  return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export async function createStreamToken(authToken: string, claims: { callId: string; callSid: string }, now = Date.now()): Promise<string> {
  const body: StreamClaims = { callId: claims.callId, callSid: claims.callSid, exp: now + STREAM_TOKEN_TTL_MS };
  const payload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(body)));
  const key = await tokenKey(authToken);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload)));
  return `${payload}.${encodeBase64urlNoPadding(mac)}`;
}

export type StreamTokenResult = { ok: true; claims: StreamClaims } | { ok: false; reason: "malformed" | "bad-signature" | "expired" };

/** Checks the MAC (constant-time, via crypto.subtle.verify), then the expiry. */
export async function verifyStreamToken(authToken: string, token: string | undefined, now = Date.now()): Promise<StreamTokenResult> {
  const [payload, mac, extra] = (token ?? "").split(".");
  if (!payload || !mac || extra !== undefined) return { ok: false, reason: "malformed" };
  let macBytes: Uint8Array;
  let payloadBytes: Uint8Array;
  try {
    macBytes = decodeBase64urlIgnorePadding(mac);
    payloadBytes = decodeBase64urlIgnorePadding(payload);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const key = await tokenKey(authToken);
  if (!(await crypto.subtle.verify("HMAC", key, macBytes, new TextEncoder().encode(payload)))) return { ok: false, reason: "bad-signature" };
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(payloadBytes));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = claimsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  if (parsed.data.exp <= now) return { ok: false, reason: "expired" };
  return { ok: true, claims: parsed.data };
}
