// /api/echoes: the signed-in user's Echoes. Someone else's id answers 404 and changes nothing;
// every change is pushed to the owner's open dashboards.
import { type Context, Hono } from "hono";
import { z } from "zod";
import { type Echo, type EchoList, type EchoPatch, echoInputSchema, echoPatchSchema, echoReplaceSchema } from "../../protocol/echo";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { db } from "../db/client";
import { createEcho, duplicateEcho, getEcho, listEchoes, updateEcho } from "../db/echoes";
import { deleteEcho } from "../db/erase/echo";
import { publishToUser } from "../feed/publish";
import { ApiError, readJson } from "../http/errors";
import { readQuery } from "../http/query";

const listQuerySchema = z.object({
  active: z.enum(["true", "false"], { message: 'must be "true" or "false"' }).optional(),
});

function notFound(): ApiError {
  return new ApiError(404, "not-found", "No such Echo.");
}

export const echoRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    const { active } = readQuery(c, listQuerySchema);
    const body: EchoList = { echoes: await listEchoes(db(c.env.DB), user.id, active === undefined ? {} : { active: active === "true" }) };
    return c.json(body);
  })
  .post("/", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, echoInputSchema);
    const echo = await createEcho(db(c.env.DB), user.id, input);
    await publishToUser(c.env, user.id, { type: "echo_changed", echoId: echo.id });
    return c.json<Echo>(echo, 201);
  })
  // A copy named "<name> (copy)", active like any new Echo; it doesn't change who answers the phone.
  .post("/:id/duplicate", async (c) => {
    const user = requireUser(c);
    const echo = await duplicateEcho(db(c.env.DB), user.id, c.req.param("id"));
    if (!echo) throw notFound();
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
