// /api/account: what a person can take away or erase of their own account. GET /export is one zip of
// everything (export/account-zip.ts); DELETE deletes the account everywhere (erase/account.ts),
// confirmed with the password, or for an account that signs in with Google by typing its email. Both
// need the session; DELETE is Origin-checked like every mutation (app.ts).
import { Hono } from "hono";
import { AUTH_ERROR_MESSAGES } from "../../../protocol/api";
import { ACCOUNT_DELETION_MESSAGES, accountDeletionSchema } from "../../../protocol/account-data";
import type { AppEnv } from "../../http/app-env";
import { clearSessionCookie, requireUser } from "../../auth/middleware";
import { verifyPassword } from "../../auth/password";
import { assertNotThrottled, recordSignInAttempt, recordSignInSuccess, throttleKeys } from "../../auth/throttle";
import { db } from "../../db/client";
import { normalizeEmail } from "../../db/users";
import { eraseAccount } from "../../erase/account";
import { accountExportFileName, accountZip } from "../../export/account-zip";
import { ApiError, readJson } from "../../http/errors";

export const accountRoutes = new Hono<AppEnv>()
  .get("/export", (c) => {
    const user = requireUser(c);
    return c.body(accountZip(c.env, db(c.env.DB), user), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${accountExportFileName(Date.now())}"`,
      "Cache-Control": "no-store",
    });
  })
  .delete("/", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, accountDeletionSchema);
    const database = db(c.env.DB);
    if (user.passwordHash) {
      if (!input.password) throw new ApiError(400, "missing-password", ACCOUNT_DELETION_MESSAGES["missing-password"]);
      // Counted like a sign-in: a session left open on someone's computer can't be used to guess it.
      const keys = throttleKeys(user.email, c.req.header("CF-Connecting-IP"));
      await assertNotThrottled(database, keys);
      await recordSignInAttempt(database, keys);
      if (!(await verifyPassword(input.password, user.passwordHash))) throw new ApiError(401, "wrong-password", AUTH_ERROR_MESSAGES["wrong-password"]);
      await recordSignInSuccess(database, keys);
    } else if (normalizeEmail(input.email ?? "") !== user.email) {
      throw new ApiError(400, "email-mismatch", ACCOUNT_DELETION_MESSAGES["email-mismatch"]);
    }
    await eraseAccount(c.env, database, user);
    clearSessionCookie(c);
    c.set("user", null);
    c.set("sessionId", null);
    return c.body(null, 204);
  });
