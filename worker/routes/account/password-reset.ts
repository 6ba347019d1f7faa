// /api/account/password-reset: forgot password. Asking for a link answers the same 202 whether or not
// the address has an account (the mail is sent after the answer, so the timing tells nothing either),
// limited per address and per client network whatever the address. Following the link sets a new
// password (the policy first: a bad one uses nothing up), proves the address, and ends every session
// of the account; the person then signs in with the new password.
import { Hono } from "hono";
import { AUTH_ERROR_MESSAGES, RESET_REQUESTED_MESSAGE, resetConfirmSchema, resetRequestSchema } from "../../../protocol/api";
import type { AppEnv } from "../../http/app-env";
import { canSendMail, MAIL_UNAVAILABLE, sendResetMail } from "../../auth/account/account-mail";
import { resetAddressThrottle, resetNetworkThrottle } from "../../auth/account/account-throttles";
import { useEmailLink } from "../../auth/account/email-links";
import { assertAcceptablePassword } from "../../auth/account/password-policy";
import { hashPassword } from "../../auth/password";
import { closeSessionSockets } from "../../auth/sign-out-sockets";
import { db } from "../../db/client";
import { deleteUserEmailTokens } from "../../db/auth/email-tokens";
import { deleteUserSessions } from "../../db/auth/sessions";
import { findUserByEmail, findUserById, markEmailVerified, normalizeEmail, updatePasswordHash } from "../../db/users";
import { clientNetwork } from "../../http/client-network";
import { ApiError, readJson } from "../../http/errors";
import { logError } from "../../lib/safe-error";
import { z } from "zod";

export const INVALID_RESET_LINK = "This reset link is invalid, used or expired. Ask for a new one.";
const emailSchema = z.email();

export const passwordResetRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    const input = await readJson(c, resetRequestSchema);
    const email = normalizeEmail(input.email);
    if (!emailSchema.safeParse(email).success) throw new ApiError(400, "invalid-email", AUTH_ERROR_MESSAGES["invalid-email"]);
    if (!canSendMail(c)) throw new ApiError(503, "mail-unavailable", MAIL_UNAVAILABLE);
    const database = db(c.env.DB);
    await resetNetworkThrottle.count(database, clientNetwork(c.req.header("CF-Connecting-IP")));
    await resetAddressThrottle.count(database, email);
    const user = await findUserByEmail(database, email);
    if (user) {
      c.executionCtx.waitUntil(
        sendResetMail(c, user).catch((err: unknown) => logError("password reset: the link was not sent", err)),
      );
    }
    return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
  })
  .post("/confirm", async (c) => {
    const { token, newPassword } = await readJson(c, resetConfirmSchema);
    assertAcceptablePassword(newPassword);
    const database = db(c.env.DB);
    const link = await useEmailLink(database, token, "reset");
    const user = link ? await findUserById(database, link.userId) : undefined;
    if (!link || !user || user.email !== link.email) throw new ApiError(400, "invalid-link", INVALID_RESET_LINK);
    await updatePasswordHash(database, user.id, await hashPassword(newPassword));
    await markEmailVerified(database, user.id, link.email); // the link reached that mailbox
    await deleteUserEmailTokens(database, user.id, "reset");
    await deleteUserSessions(database, user.id, null);
    await closeSessionSockets(c.env, database, user.id, "every");
    return c.body(null, 204);
  });
