// /api/phone: the signed-in user's phone link (a 6-digit code typed on the keypad links the number
// they call from), unlinking, which Echo answers their phone calls, and the phone PIN (set, change,
// remove: stored hashed like a password; a caller from the linked number keys it in to be verified).
import { Hono } from "hono";
import { phoneEchoInputSchema, phoneLinkCallInputSchema, phonePinInputSchema, type PhoneLinkCall, type PhoneLinkCode, type PhonePinStatus, type PhoneSettings } from "../../protocol/phone";
import { placeLinkCall } from "../callbacks/link-call";
import { hashPassword } from "../auth/password";
import { pinHashOf, setPinHash } from "../db/phone-pin";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { db, type Db } from "../db/client";
import { choosePhoneEcho, createLinkCode, phoneAccount, unlinkPhone } from "../db/phone";
import { ApiError, readJson } from "../http/errors";

async function settings(publicNumber: string, database: Db, userId: string): Promise<PhoneSettings> {
  const account = await phoneAccount(database, userId);
  if (!account) throw new ApiError(401, "unauthenticated", "Please sign in.");
  return {
    publicNumber,
    linkedNumber: account.linkedNumber,
    phoneEchoId: account.phoneEchoId,
    answeringEcho: account.answeringEcho ? { id: account.answeringEcho.id, name: account.answeringEcho.name } : null,
    pendingCode: account.pendingCode,
  };
}

export const phoneRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json<PhoneSettings>(await settings(c.var.config.phoneNumber, db(c.env.DB), user.id));
  })
  .post("/link-code", async (c) => {
    const user = requireUser(c);
    const code = await createLinkCode(db(c.env.DB), user.id);
    return c.json<PhoneLinkCode>(code, 201);
  })
  /** Echo calls the number entered; whoever answers types the code this returns (issue 42 §4). */
  .post("/link-call", async (c) => {
    const user = requireUser(c);
    const { number } = await readJson(c, phoneLinkCallInputSchema);
    const result = await placeLinkCall(c.env, user.id, number);
    if (result.ok) return c.json<PhoneLinkCall>(result.call, 202);
    switch (result.problem) {
      case "not-configured":
        throw new ApiError(503, "not-configured", "Calls from Echo aren't set up on this server. Link your number by calling in instead.");
      case "invalid-number":
        throw new ApiError(400, "invalid-number", "Enter your number with its country code, like +1 555 010 1234.");
      case "taken":
        throw new ApiError(409, "number-taken", "This number is already linked to another Echo account. Unlink it there first.");
      case "throttled":
        throw new ApiError(429, "too-many-calls", "Echo has called you several times this hour. Please try again later.");
      case "unreachable":
        throw new ApiError(502, "twilio-unreachable", "Echo couldn't place the call just now. Please try again in a minute.");
    }
  })
  .delete("/link", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    await unlinkPhone(database, user.id);
    return c.json<PhoneSettings>(await settings(c.var.config.phoneNumber, database, user.id));
  })
  .get("/pin", async (c) => {
    const user = requireUser(c);
    return c.json<PhonePinStatus>({ hasPin: (await pinHashOf(db(c.env.DB), user.id)) !== null });
  })
  .put("/pin", async (c) => {
    const user = requireUser(c);
    const { pin } = await readJson(c, phonePinInputSchema);
    await setPinHash(db(c.env.DB), user.id, await hashPassword(pin));
    return c.json<PhonePinStatus>({ hasPin: true });
  })
  .delete("/pin", async (c) => {
    const user = requireUser(c);
    await setPinHash(db(c.env.DB), user.id, null);
    return c.json<PhonePinStatus>({ hasPin: false });
  })
  .put("/echo", async (c) => {
    const user = requireUser(c);
    const { echoId } = await readJson(c, phoneEchoInputSchema);
    const database = db(c.env.DB);
    const result = await choosePhoneEcho(database, user.id, echoId);
    if (result === "not-found") throw new ApiError(404, "not-found", "No such Echo.");
    if (result === "inactive") throw new ApiError(400, "echo-inactive", "Only an active Echo can answer your phone calls. Activate it first.");
    return c.json<PhoneSettings>(await settings(c.var.config.phoneNumber, database, user.id));
  });
