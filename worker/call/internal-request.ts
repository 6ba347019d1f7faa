// The Worker → CallSession contract: the stub of a call's object, and socket upgrades. A Durable Object
// is reachable only through its binding, so these headers are set by our own routes (never copied from
// the client): the Durable Object trusts them as the verified identity of whoever connects.
import { SESSION_CREATED_HEADER, SESSION_EXPIRES_HEADER, SESSION_TAG_HEADER, readSessionExpiry, readTimeHeader } from "../http/session-tag";
import type { Env } from "../env";

export type SocketRole = "browser" | "viewer" | "twilio";

export const CALL_HEADERS = {
  callId: "x-echo-call-id",
  userId: "x-echo-user-id",
  role: "x-echo-socket-role",
  sessionTag: SESSION_TAG_HEADER,
  sessionExpiresAt: SESSION_EXPIRES_HEADER,
  sessionCreatedAt: SESSION_CREATED_HEADER,
  invitedAt: "x-echo-invited-at",
} as const;

/** The CallSession of call `callId` (one object per call, named by the call id). */
export function callSessionStub(env: Pick<Env, "CALL_SESSION">, callId: string) {
  return env.CALL_SESSION.get(env.CALL_SESSION.idFromName(callId));
}

export interface SocketGrant {
  callId: string;
  /** The verified user (null: an anonymous phone caller). */
  userId: string | null;
  role: SocketRole;
  /** The dashboard session that opened the socket (http/session-tag.ts); absent for Twilio. */
  sessionTag?: string;
  /** When that session expires as of the upgrade (epoch ms): the socket closes then (http/session-tag.ts). */
  sessionExpiresAt?: number;
  /** …and when that session began (http/ended-session-tags.ts). */
  sessionCreatedAt?: number;
  /** A participant's invitation time as the route found it (call/uninvited.ts). */
  invitedAt?: number;
}

/** A fresh upgrade request for the CallSession carrying only the verified grant. */
export function callSessionUpgrade(grant: SocketGrant): Request {
  const headers = new Headers({ Upgrade: "websocket", [CALL_HEADERS.callId]: grant.callId, [CALL_HEADERS.role]: grant.role });
  if (grant.userId) headers.set(CALL_HEADERS.userId, grant.userId);
  if (grant.sessionTag) headers.set(CALL_HEADERS.sessionTag, grant.sessionTag);
  if (grant.sessionExpiresAt) headers.set(CALL_HEADERS.sessionExpiresAt, String(grant.sessionExpiresAt));
  if (grant.sessionCreatedAt) headers.set(CALL_HEADERS.sessionCreatedAt, String(grant.sessionCreatedAt));
  if (grant.invitedAt !== undefined) headers.set(CALL_HEADERS.invitedAt, String(grant.invitedAt));
  return new Request("https://call-session.internal/connect", { headers });
}

/** Reads the grant inside the Durable Object; null when the request did not come from our routes. */
export function readGrant(request: Request): SocketGrant | null {
  const callId = request.headers.get(CALL_HEADERS.callId);
  const role = request.headers.get(CALL_HEADERS.role);
  if (!callId || (role !== "browser" && role !== "viewer" && role !== "twilio")) return null;
  const sessionTag = request.headers.get(CALL_HEADERS.sessionTag);
  const sessionExpiresAt = readSessionExpiry(request.headers);
  const sessionCreatedAt = readTimeHeader(request.headers, CALL_HEADERS.sessionCreatedAt);
  const invitedAt = Number(request.headers.get(CALL_HEADERS.invitedAt) ?? Number.NaN);
  return {
    callId,
    userId: request.headers.get(CALL_HEADERS.userId),
    role,
    ...(sessionTag ? { sessionTag } : {}),
    ...(sessionExpiresAt ? { sessionExpiresAt } : {}),
    ...(sessionCreatedAt ? { sessionCreatedAt } : {}),
    ...(Number.isSafeInteger(invitedAt) ? { invitedAt } : {}),
  };
}
