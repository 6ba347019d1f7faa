// Test users: a user row plus a real session (worker/auth/session.ts createSession), written straight
// to D1 with no sign-up route involved, and ready-to-use request headers for it.
import { env } from "cloudflare:workers";
import { createSession, SESSION_COOKIE } from "../../../worker/auth/session";
import { db } from "../../../worker/db/client";
import { users } from "../../../worker/db/schema";
import type { UserRow } from "../../../worker/db/users";

/** The origin the test app serves (test env PUBLIC_HOST). */
export const TEST_ORIGIN = "https://echo.test";

export interface TestUser {
  user: UserRow;
  /** `Cookie` header value carrying the session token. */
  cookie: string;
  /** Headers for a signed-in, same-origin request: Cookie + Origin. */
  headers: Record<string, string>;
}

let counter = 0;

/**
 * Creates a user (fields overridable) and a session for it. `sessionCreatedAt` backdates the
 * session (e.g. to make one the middleware renews).
 */
export async function createUser(overrides: Partial<UserRow> = {}, opts: { sessionCreatedAt?: number } = {}): Promise<TestUser> {
  counter += 1;
  const id = overrides.id ?? crypto.randomUUID();
  const email = overrides.email ?? `user${counter}-${id.slice(0, 8)}@example.com`;
  const row: UserRow = {
    id,
    email,
    displayName: email.split("@")[0]!,
    photoURL: null,
    createdAt: Date.now(),
    totalCalls: 0,
    subscription: "free",
    passwordHash: null,
    googleSub: null,
    phoneNumber: null,
    recordCallsWithoutEcho: true,
    phoneEchoId: null,
    // Verified unless a test says otherwise: only verified accounts can be invited to calls.
    emailVerifiedAt: Date.now(),
    timeZone: null,
    phonePinHash: null,
    ...overrides,
  };
  await db(env.DB).insert(users).values(row);
  const { token } = await createSession(db(env.DB), id, opts.sessionCreatedAt);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { user: row, cookie, headers: { Cookie: cookie, Origin: TEST_ORIGIN } };
}

/** Same as createUser; kept as a second name. */
export const createTestUser = createUser;

/** Signed-in headers plus `Content-Type: application/json`. */
export function jsonHeaders(user: TestUser): Record<string, string> {
  return { ...user.headers, "Content-Type": "application/json" };
}
