// /api/echoes: the signed-in user's Echoes. Someone else's id answers 404 and changes nothing;
// every change is pushed to the owner's open dashboards.
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Echo, type EchoList, type EchoPatch, echoInputSchema, echoListQuerySchema, echoPatchSchema, echoReplaceSchema } from "../../protocol/echo";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { db } from "../db/client";
import { createEchoWithinCap, decodeEchoCursor, duplicateEcho, encodeEchoCursor, getEcho, listEchoPage, updateEcho } from "../db/echoes";
import { deleteEcho } from "../db/erase/echo";
import { publishToUser } from "../feed/publish";
import { ApiError, readJson } from "../http/errors";
import { readQuery } from "../http/query";

function notFound(): ApiError {
  return new ApiError(404, "not-found", "No such Echo.");
}

/** 409: the user has as many Echoes as an account may (ECHOES_PER_USER); nothing was made. */
export function echoLimit(cap: number): ApiError {
  return new ApiError(409, "echo-limit", `You have ${cap} Echoes, the most an account can have. Edit one of them instead.`);
}

export const echoRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, echoListQuerySchema);
    const cursor = q.cursor ? decodeEchoCursor(q.cursor) : null;
    if (q.cursor && !cursor) throw new ApiError(400, "invalid-request", "cursor: not a cursor from this API.");
    const active = q.active === undefined ? {} : { active: q.active === "true" };
    const page = await listEchoPage(db(c.env.DB), user.id, { limit: q.limit, cursor, ...active });
    const body: EchoList = { echoes: page.echoes, nextCursor: page.nextCursor ? encodeEchoCursor(page.nextCursor) : null };
    return c.json(body);
  })
  .post("/", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, echoInputSchema);
    const echo = await createEchoWithinCap(db(c.env.DB), user.id, input, c.var.config.limits.echoesPerUser);
    if (!echo) throw echoLimit(c.var.config.limits.echoesPerUser);
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: echo.id });
    return c.json<Echo>(echo, 201);
  })
  // A copy named "<name> (copy)", active like any new Echo; it doesn't change who answers the phone.
  .post("/:id/duplicate", async (c) => {
    const user = requireUser(c);
    const echo = await duplicateEcho(db(c.env.DB), user.id, c.req.param("id"), c.var.config.limits.echoesPerUser);
    if (echo === "not-found") throw notFound();
    if (echo === "limit") throw echoLimit(c.var.config.limits.echoesPerUser);
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: echo.id });
    return c.json<Echo>(echo, 201);
  })
  .get("/:id", async (c) => {
    const user = requireUser(c);
    const echo = await getEcho(db(c.env.DB), user.id, c.req.param("id"));
    if (!echo) throw notFound();
    return c.json<Echo>(echo);
  })
  // Replace every editable field (the edit modal).
  .put("/:id", (c) => updateFrom(c, echoReplaceSchema))
  // Change some fields, e.g. { isActive: false } for Deactivate.
  .patch("/:id", (c) => updateFrom(c, echoPatchSchema))
  // Deletes the Echo for good; its calls stay and keep showing its name (db/erase/echo.ts).
  .delete("/:id", async (c) => {
    const user = requireUser(c);
    if (!(await deleteEcho(db(c.env.DB), user.id, c.req.param("id")))) throw notFound();
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: c.req.param("id") });
    return c.body(null, 204);
  });

/** Applies the body (read with `schema`) to the user's Echo `:id` and tells their dashboards. */
async function updateFrom(c: Context<AppEnv, "/:id">, schema: typeof echoReplaceSchema | typeof echoPatchSchema) {
  const user = requireUser(c);
  const changes = await readJson<EchoPatch>(c, schema);
  const echo = await updateEcho(db(c.env.DB), user.id, c.req.param("id"), changes);
  if (!echo) throw notFound();
  await publishToUser(c.env, user.id, { type: "echo_changed", echoId: echo.id });
  return c.json<Echo>(echo);
}
