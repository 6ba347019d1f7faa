// Signed-in users for workerd tests: a user row and a session created directly in D1 (no sign-up
// route involved), returned with ready-to-use request headers.
import { env } from "cloudflare:workers";
import { SESSION_COOKIE, createSession } from "../../../worker/auth/session";
import type { UserRow } from "../../../worker/app-env";
import { db } from "../../../worker/db/client";
import { users } from "../../../worker/db/schema";

/** The origin the test app believes it serves (test env PUBLIC_HOST). */
export const TEST_ORIGIN = "https://echo.test";

export interface TestUser {
  user: UserRow;
  /** `Cookie` header value carrying the session token. */
  cookie: string;
  /** Headers for a signed-in, same-origin request (Cookie + Origin). */
  headers: Record<string, string>;
}

let counter = 0;

/** Creates a user and a session. `sessionCreatedAt` lets a test make an old (renewable) session. */
export async function createTestUser(opts: { email?: string; displayName?: string; sessionCreatedAt?: number } = {}): Promise<TestUser> {
  counter += 1;
  const id = crypto.randomUUID();
  const email = (opts.email ?? `user${counter}-${id.slice(0, 8)}@example.test`).toLowerCase();
  const database = db(env.DB);
  const user = await database
    .insert(users)
    .values({ id, email, displayName: opts.displayName ?? email.split("@")[0] ?? email, createdAt: Date.now() })
    .returning()
    .get();
  const { token } = await createSession(database, id, opts.sessionCreatedAt);
  const cookie = `${SESSION_COOKIE}=${token}`;
  return { user, cookie, headers: { Cookie: cookie, Origin: TEST_ORIGIN } };
}

/** Headers for a JSON request of `user` (adds Content-Type to the signed-in headers). */
export function jsonHeaders(user: TestUser): Record<string, string> {
  return { ...user.headers, "Content-Type": "application/json" };
}
