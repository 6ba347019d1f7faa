// /api/echoes/:id/memory: what one of the signed-in user's Echoes remembers of them (worker/memory/).
// Someone else's Echo or item answers 404 and changes nothing; writes are Origin-checked (app.ts, like
// every /api route); every change is pushed to the owner's open dashboards.
import { Hono } from "hono";
import { type MemoryDeleted, type MemoryItem, type MemoryList, type MemoryPatch, memoryPatchSchema } from "../../protocol/memory";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { db } from "../db/client";
import { getEcho } from "../db/echoes";
import { publishToUser } from "../feed/publish";
import { ApiError, readJson } from "../http/errors";
import { deleteMemoryItem, forgetAll, listMemory, updateMemoryItem } from "../memory/store";
import type { Env } from "../config/env";

const noEcho = () => new ApiError(404, "not-found", "No such Echo.");
const noItem = () => new ApiError(404, "not-found", "This Echo remembers no such thing.");

/** The scope of the user's own Echo `echoId`, or a 404. */
async function scopeOf(env: Env, userId: string, echoId: string) {
  const echo = await getEcho(db(env.DB), userId, echoId);
  if (!echo) throw noEcho();
  return { scope: { userId, echoId: echo.id }, echo };
}

export const memoryRoutes = new Hono<AppEnv>()
  .get("/:id/memory", async (c) => {
    const user = requireUser(c);
    const { scope, echo } = await scopeOf(c.env, user.id, c.req.param("id"));
    return c.json<MemoryList>({ rememberCallers: echo.rememberCallers, items: await listMemory(db(c.env.DB), scope) });
  })
  // Forget everything this Echo remembers of the user.
  .delete("/:id/memory", async (c) => {
    const user = requireUser(c);
    const { scope } = await scopeOf(c.env, user.id, c.req.param("id"));
    const deleted = await forgetAll(db(c.env.DB), scope);
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: scope.echoId });
    return c.json<MemoryDeleted>({ deleted });
  })
  .patch("/:id/memory/:itemId", async (c) => {
    const user = requireUser(c);
    const { scope } = await scopeOf(c.env, user.id, c.req.param("id"));
    const patch = await readJson<MemoryPatch>(c, memoryPatchSchema);
    const item = await updateMemoryItem(db(c.env.DB), scope, c.req.param("itemId"), patch);
    if (!item) throw noItem();
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: scope.echoId });
    return c.json<MemoryItem>(item);
  })
  .delete("/:id/memory/:itemId", async (c) => {
    const user = requireUser(c);
    const { scope } = await scopeOf(c.env, user.id, c.req.param("id"));
    if (!(await deleteMemoryItem(db(c.env.DB), scope, c.req.param("itemId")))) throw noItem();
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: scope.echoId });
    return c.json<MemoryDeleted>({ deleted: 1 });
  });
