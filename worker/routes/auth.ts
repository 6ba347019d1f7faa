// /api/auth: email + password accounts and the current user (the SPA's auth-state listener).
// Errors use the spec's codes and messages (protocol/api AUTH_ERROR_MESSAGES).
import { Hono } from "hono";
import { z } from "zod";
import { AUTH_ERROR_MESSAGES, type AuthErrorCode, type MeResponse, signInSchema, signUpSchema } from "../../protocol/api";
import { sendVerificationMail } from "../auth/account/account-mail";
import { assertAcceptablePassword } from "../auth/account/password-policy";
import type { AppEnv } from "../http/app-env";
import { beginSession } from "../auth/begin-session";
import { clearSessionCookie } from "../auth/middleware";
import { hashPassword, needsRehash, verifyPassword } from "../auth/password";
import { invalidateSession } from "../auth/session";
import { closeSessionSockets } from "../auth/sign-out-sockets";
import { accountsPerNetwork, signUpThrottle } from "../auth/sign-up-throttle";
import { TooManyAttemptsError, assertNotThrottled, recordSignInAttempt, recordSignInSuccess, throttleKeys } from "../auth/throttle";
import { distrustBrowser, trustBrowser, trustedBrowserOf } from "../auth/trusted-browser";
import { db } from "../db/client";
import { DuplicateUserError, createUser, findUserByEmail, normalizeEmail, toProfile, updatePasswordHash } from "../db/users";
import { createStarterEcho } from "../db/echoes";
import { clientNetwork } from "../http/client-network";
import { ApiError, readJson } from "../http/errors";

const AUTH_STATUS: Record<AuthErrorCode, 400 | 401 | 404 | 409> = {
  "invalid-email": 400,
  "weak-password": 400,
  "user-not-found": 404,
  "wrong-password": 401,
  "email-already-in-use": 409,
};

function authError(code: AuthErrorCode): ApiError {
  return new ApiError(AUTH_STATUS[code], code, AUTH_ERROR_MESSAGES[code]);
}

const emailSchema = z.email();

function checkEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!emailSchema.safeParse(email).success) throw authError("invalid-email");
  return email;
}

export const authRoutes = new Hono<AppEnv>()
  .get("/me", (c) => {
    const user = c.get("user");
    c.header("Cache-Control", "no-store");
    return c.json<MeResponse>({ user: user ? toProfile(user) : null });
  })

  .post("/sign-up", async (c) => {
    const input = await readJson(c, signUpSchema, { email: authError("invalid-email") });
    const email = checkEmail(input.email);
    assertAcceptablePassword(input.password); // the spec's minimum (weak-password), and not a common one
    const database = db(c.env.DB);
    const client = clientNetwork(c.req.header("CF-Connecting-IP"));
    await signUpThrottle.count(database, client); // the answer may tell that the address has an account
    let user;
    try {
      if (await findUserByEmail(database, email)) throw authError("email-already-in-use");
      const made = accountsPerNetwork(c.var.config.limits.signUpsPerNetworkPerDay);
      await made.count(database, client); // before the account is made: sign-ups sent at once can't all pass
      try {
        user = await createUser(database, { email, displayName: input.displayName, passwordHash: await hashPassword(input.password) });
      } catch (err) {
        await made.takeBack(database, client);
        throw err;
      }
    } catch (err) {
      if (err instanceof DuplicateUserError) throw authError("email-already-in-use");
      // Only an answer that says the address has an account counts.
      if (!(err instanceof ApiError && err.code === "email-already-in-use")) await signUpThrottle.takeBack(database, client);
      throw err;
    }
    await signUpThrottle.takeBack(database, client);
    await createStarterEcho(database, user.id);
    await trustBrowser(c, database, user.id, null);
    await beginSession(c, user);
    // The verification link goes out after the answer; a failure is logged (by sendVerificationMail)
    // and the dashboard's notice offers Resend.
    c.executionCtx.waitUntil(sendVerificationMail(c, user).catch(() => undefined));
    return c.json<MeResponse>({ user: toProfile(user) }, 201);
  })

  .post("/sign-in", async (c) => {
    const input = await readJson(c, signInSchema, { email: authError("invalid-email") });
    const email = checkEmail(input.email);
    if (!input.password) throw new ApiError(400, "missing-password", "Please enter your password.");
    const database = db(c.env.DB);
    const trusted = await trustedBrowserOf(c, database, email);
    const keys = throttleKeys(email, c.req.header("CF-Connecting-IP"), trusted?.id ?? null);
    try {
      await assertNotThrottled(database, keys);
      // Counted as a failure until the password is right (parallel attempts can't all slip past the lock).
      await recordSignInAttempt(database, keys);
    } catch (err) {
      if (err instanceof TooManyAttemptsError && trusted) await distrustBrowser(database, trusted);
      throw err;
    }
    const user = await findUserByEmail(database, email);
    if (!user) throw authError("user-not-found");
    if (!user.passwordHash) throw new ApiError(401, "use-google-sign-in", "This account signs in with Google. Use Continue with Google.");
    if (!(await verifyPassword(input.password, user.passwordHash))) throw authError("wrong-password");
    await recordSignInSuccess(database, keys);
    await trustBrowser(c, database, user.id, trusted);
    if (needsRehash(user.passwordHash)) await updatePasswordHash(database, user.id, await hashPassword(input.password));
    await beginSession(c, user);
    return c.json<MeResponse>({ user: toProfile(user) });
  })

  .post("/sign-out", async (c) => {
    const sessionId = c.get("sessionId");
    const user = c.get("user");
    if (sessionId) {
      const database = db(c.env.DB);
      await invalidateSession(database, sessionId);
      // After the session is gone, so that no socket can reconnect with it meanwhile.
      if (user) await closeSessionSockets(c.env, database, user.id, sessionId);
    }
    clearSessionCookie(c);
    c.set("user", null);
    c.set("sessionId", null);
    return c.json<MeResponse>({ user: null });
  });
