// /api/live-calls: the signed-in user's calls in progress and the ones they were invited to (spec §6:
// shown only to the owner or a participant), invitations by email and Join Call. Someone else's call
// answers 404; a call that already ended answers 409.
import { Hono } from "hono";
import { AUTH_ERROR_MESSAGES } from "../../protocol/api";
import { type InviteResponse, type JoinResponse, type LiveCallList, inviteSchema } from "../../protocol/live";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { db } from "../db/client";
import { addParticipant, isLive, listLiveCalls, recordJoin, roleInCall } from "../db/live-calls";
import { findUserByEmail } from "../db/users";
import { publishToUser } from "../feed/publish";
import { ApiError, readJson } from "../http/errors";

const notFound = () => new ApiError(404, "not-found", "No such live call.");
const ended = () => new ApiError(409, "call-ended", "This call has already ended.");

export const liveCallRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json<LiveCallList>({ calls: await listLiveCalls(db(c.env.DB), user.id) });
  })
  .post("/:id/participants", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const access = await roleInCall(database, callId, user.id);
    if (!access || access.role !== "owner") throw notFound();
    const { email } = await readJson(c, inviteSchema);
    if (!isLive(access.call)) throw ended();
    const invitee = await findUserByEmail(database, email);
    if (!invitee) throw new ApiError(404, "user-not-found", AUTH_ERROR_MESSAGES["user-not-found"]);
    if (invitee.id === user.id) throw new ApiError(400, "invite-self", "This is your own call: invite someone else.");
    const participant = await addParticipant(database, { callId, userId: invitee.id, invitedBy: user.id, now: Date.now() });
    // The invitee's Live Calls list picks the call up now.
    c.executionCtx.waitUntil(publishToUser(c.env, invitee.id, { type: "live_call_started", callId }));
    return c.json<InviteResponse>({ participant }, 201);
  })
  .post("/:id/join", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const access = await roleInCall(database, callId, user.id);
    if (!access) throw notFound();
    if (!isLive(access.call)) throw ended();
    const joinedAt = await recordJoin(database, { callId, userId: user.id, now: Date.now() });
    return c.json<JoinResponse>({ callId, joinedAt });
  });
