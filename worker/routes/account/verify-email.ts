// /api/account/verify-email: following the emailed verification link proves the address (no session
// needed: the link may be opened in another browser), and a signed-in, unverified account asks for a
// new link ("Resend" on the dashboard's notice). Unverified accounts work, but nobody can invite them
// to a call (routes/live-calls.ts).
import { Hono } from "hono";
import { type MeResponse, verifyEmailSchema } from "../../../protocol/api";
import type { AppEnv } from "../../http/app-env";
import { sendVerificationMail } from "../../auth/account/account-mail";
import { verifyMailThrottle } from "../../auth/account/account-throttles";
import { useEmailLink } from "../../auth/account/email-links";
import { requireUser } from "../../auth/middleware";
import { db } from "../../db/client";
import { findUserById, markEmailVerified, toProfile } from "../../db/users";
import { ApiError, readJson } from "../../http/errors";

export const INVALID_VERIFY_LINK = "This verification link is invalid, used or expired. Sign in and choose Resend to get a new one.";

export const verifyEmailRoutes = new Hono<AppEnv>()
  .post("/", async (c) => {
    const { token } = await readJson(c, verifyEmailSchema);
    const database = db(c.env.DB);
    const link = await useEmailLink(database, token, "verify");
    if (!link || !(await markEmailVerified(database, link.userId, link.email))) throw new ApiError(400, "invalid-link", INVALID_VERIFY_LINK);
    const user = await findUserById(database, link.userId);
    const signedIn = c.get("user");
    return c.json<MeResponse>({ user: user && signedIn?.id === user.id ? toProfile(user) : null });
  })
  .post("/resend", async (c) => {
    const user = requireUser(c);
    if (user.emailVerifiedAt !== null) throw new ApiError(409, "already-verified", "Your email address is already verified.");
    await verifyMailThrottle.count(db(c.env.DB), user.id);
    await sendVerificationMail(c, user);
    return c.body(null, 204);
  });
