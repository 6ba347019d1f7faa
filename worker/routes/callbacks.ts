// /api/callbacks: the signed-in owner's callbacks (upcoming and past) and cancelling one. Every lookup
// is by owner and id: someone else's callback is "not found". (Mutations pass the app's Origin check.)
import { Hono } from "hono";
import type { CallbackList, CallbackView } from "../../protocol/callbacks";
import { requireUser } from "../auth/middleware";
import { cancelCallback, listCallbacks } from "../callbacks/schedule";
import { db } from "../db/client";
import { ownedCallbackView } from "../callbacks/callback-rows";
import type { AppEnv } from "../http/app-env";
import { ApiError } from "../http/errors";

const ID = /^[0-9a-f-]{36}$/;

export const callbackRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const [upcoming, past] = await Promise.all([listCallbacks(database, user.id, { upcoming: true }), listCallbacks(database, user.id, { upcoming: false })]);
    return c.json<CallbackList>({ upcoming, past });
  })
  .post("/:id/cancel", async (c) => {
    const user = requireUser(c);
    const id = c.req.param("id");
    if (!ID.test(id)) throw new ApiError(404, "not-found", "No such callback.");
    const cancelled = await cancelCallback(c.env, user.id, id);
    if (cancelled) return c.json<CallbackView>(cancelled);
    const existing = await ownedCallbackView(db(c.env.DB), user.id, id);
    if (!existing) throw new ApiError(404, "not-found", "No such callback.");
    throw new ApiError(409, "not-cancellable", "This callback can no longer be cancelled.");
  });
