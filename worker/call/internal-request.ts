// The Worker → CallSession contract: the stub of a call's object, and socket upgrades. A Durable Object
// is reachable only through its binding, so these headers are set by our own routes (never copied from
// the client): the Durable Object trusts them as the verified identity of whoever connects.
import { type SocketSession, readSocketSession, readTimeHeader, writeSocketSession } from "../http/session-tag";
import type { Env } from "../config/env";

export type SocketRole = "browser" | "viewer" | "twilio";

export const CALL_HEADERS = {
  callId: "x-echo-call-id",
  userId: "x-echo-user-id",
  role: "x-echo-socket-role",
  invitedAt: "x-echo-invited-at",
} as const;

/** The CallSession of call `callId` (one object per call, named by the call id). */
export function callSessionStub(env: Pick<Env, "CALL_SESSION">, callId: string) {
  return env.CALL_SESSION.get(env.CALL_SESSION.idFromName(callId));
}

/** Who connects, as our route verified it; a dashboard socket's session (http/session-tag.ts) comes along. */
export interface SocketGrant extends SocketSession {
  callId: string;
  /** The verified user (null: an anonymous phone caller). */
  userId: string | null;
  role: SocketRole;
  /** A participant's invitation time as the route found it (call/uninvited.ts). */
  invitedAt?: number;
}

/** A fresh upgrade request for the CallSession carrying only the verified grant. */
export function callSessionUpgrade(grant: SocketGrant): Request {
  const headers = new Headers({ Upgrade: "websocket", [CALL_HEADERS.callId]: grant.callId, [CALL_HEADERS.role]: grant.role });
  if (grant.userId) headers.set(CALL_HEADERS.userId, grant.userId);
  writeSocketSession(headers, grant);
  if (grant.invitedAt !== undefined) headers.set(CALL_HEADERS.invitedAt, String(grant.invitedAt));
  return new Request("https://call-session.internal/connect", { headers });
}

/** Reads the grant inside the Durable Object; null when the request did not come from our routes. */
export function readGrant(request: Request): SocketGrant | null {
  const callId = request.headers.get(CALL_HEADERS.callId);
  const role = request.headers.get(CALL_HEADERS.role);
  if (!callId || (role !== "browser" && role !== "viewer" && role !== "twilio")) return null;
  const invitedAt = readTimeHeader(request.headers, CALL_HEADERS.invitedAt);
  return {
    callId,
    userId: request.headers.get(CALL_HEADERS.userId),
    role,
    ...readSocketSession(request.headers),
    ...(invitedAt !== null ? { invitedAt } : {}),
  };
}
