// /api/account/password: change the password, proving the current one. Every OTHER session of the
// account ends (its sockets close); this one stays signed in. Wrong current passwords are limited per
// account (account-throttles.ts). A new password must pass the policy (the spec's minimum, and not a
// common one); bad input changes nothing.
import { Hono } from "hono";
import { AUTH_ERROR_MESSAGES, changePasswordSchema } from "../../../protocol/api";
import type { AppEnv } from "../../http/app-env";
import { passwordChangeThrottle } from "../../auth/account/account-throttles";
import { assertAcceptablePassword } from "../../auth/account/password-policy";
import { requireUser } from "../../auth/middleware";
import { hashPassword, verifyPassword } from "../../auth/password";
import { closeSessionSockets } from "../../auth/sign-out-sockets";
import { db } from "../../db/client";
import { deleteUserSessions } from "../../db/auth/sessions";
import { updatePasswordHash } from "../../db/users";
import { ApiError, readJson } from "../../http/errors";

export const passwordRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const user = requireUser(c);
  const { currentPassword, newPassword } = await readJson(c, changePasswordSchema);
  if (!user.passwordHash) throw new ApiError(400, "no-password", "This account signs in with Google and has no password to change.");
  if (!currentPassword) throw new ApiError(400, "missing-password", "Please enter your current password.");
  assertAcceptablePassword(newPassword);
  const database = db(c.env.DB);
  await passwordChangeThrottle.count(database, user.id);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new ApiError(401, "wrong-password", AUTH_ERROR_MESSAGES["wrong-password"]);
  await passwordChangeThrottle.takeBack(database, user.id);
  await updatePasswordHash(database, user.id, await hashPassword(newPassword));
  const current = c.get("sessionId");
  const ended = await deleteUserSessions(database, user.id, current);
  await Promise.all(ended.map((sessionId) => closeSessionSockets(c.env, database, user.id, sessionId)));
  return c.json({ endedSessions: ended.length });
});
