// /api/live-calls: the signed-in user's calls in progress and the ones they were invited to (spec §6:
// shown only to the owner or a participant), invitations by email (and taking one back) and Join Call.
// Someone else's call answers 404; inviting to or joining a call that already ended answers 409.
import { Hono } from "hono";
import { AUTH_ERROR_MESSAGES } from "../../protocol/api";
import { type InviteResponse, type JoinResponse, type LiveCallList, MAX_INVITED_PER_CALL, type ParticipantList, inviteSchema } from "../../protocol/live";
import type { AppEnv } from "../http/app-env";
import { inviteThrottle } from "../auth/invite-throttle";
import { requireUser } from "../auth/middleware";
import { callSessionStub } from "../call/internal-request";
import { objectCall } from "../call/object-call";
import { db } from "../db/client";
import { addParticipant, isLive, listLiveCalls, listParticipants, recordJoin, removeParticipant, roleInCall } from "../db/live-calls";
import { findUserByEmail } from "../db/users";
import { publishToUser } from "../feed/publish";
import { ApiError, readJson } from "../http/errors";
import { logError } from "../lib/safe-error";

export const INVITEE_UNVERIFIED = "This person hasn't verified their email address yet, so they can't be invited. Ask them to open the verification link Echo emailed them, then try again.";

const notFound = () => new ApiError(404, "not-found", "No such live call.");
const ended = () => new ApiError(409, "call-ended", "This call has already ended.");

export const liveCallRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json<LiveCallList>({ calls: await listLiveCalls(db(c.env.DB), user.id) });
  })
  // Who the owner shared the call with, during it and after it ended (Call Details lists them).
  .get("/:id/participants", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const access = await roleInCall(database, callId, user.id);
    if (!access || access.role !== "owner") throw notFound();
    c.header("Cache-Control", "no-store");
    return c.json<ParticipantList>({ participants: await listParticipants(database, callId, user.id) });
  })
  .post("/:id/participants", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const access = await roleInCall(database, callId, user.id);
    if (!access || access.role !== "owner") throw notFound();
    const { email } = await readJson(c, inviteSchema);
    if (!isLive(access.call)) throw ended();
    await inviteThrottle.count(database, user.id);
    const invitee = await findUserByEmail(database, email);
    if (!invitee) throw new ApiError(404, "user-not-found", AUTH_ERROR_MESSAGES["user-not-found"]);
    // Whoever registered an address first must not get its owner's invitations: only an address its
    // owner proved (a verification link, or Google) can be invited. Counted like a miss (no take-back).
    if (invitee.emailVerifiedAt === null) throw new ApiError(409, "invitee-unverified", INVITEE_UNVERIFIED);
    await inviteThrottle.takeBack(database, user.id);
    if (invitee.id === user.id) throw new ApiError(400, "invite-self", "This is your own call: invite someone else.");
    const participant = await addParticipant(database, { callId, userId: invitee.id, ownerId: user.id, invitedBy: user.id, now: Date.now(), maxInvited: MAX_INVITED_PER_CALL });
    if (!participant) {
      throw new ApiError(409, "too-many-participants", `This call is already shared with ${MAX_INVITED_PER_CALL} people, the most it can be. Remove someone to invite another.`);
    }
    // The invitee's Live Calls list picks the call up now.
    c.executionCtx.waitUntil(publishToUser(c.env, invitee.id, { type: "live_call_started", callId }));
    return c.json<InviteResponse>({ participant }, 201);
  })
  // The owner takes an invitation back, during the call or after it (a participant may also hear its
  // recording). The call's object goes first: it closes the views they have open and from now on refuses
  // any view opened on that invitation (also one whose route check raced this); then the row goes, and
  // their Live Calls list drops the call. If the object cannot be reached, nothing is removed (503, and
  // the person is still listed to try again). Idempotent: someone who is not a participant is 204 too.
  .delete("/:id/participants/:userId", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const userId = c.req.param("userId");
    const access = await roleInCall(database, callId, user.id);
    if (!access || access.role !== "owner") throw notFound();
    if (userId === user.id) throw new ApiError(400, "uninvite-self", "This is your own call: you can't remove yourself from it.");
    const at = Date.now();
    try {
      await objectCall(() => callSessionStub(c.env, callId).uninvited(userId, at));
    } catch (err) {
      logError(`uninvite: call ${callId}'s object did not close ${userId}'s views; nothing removed`, err);
      throw new ApiError(503, "views-not-closed", "Could not remove them from the call right now. Please try again.");
    }
    const removed = await removeParticipant(database, { callId, userId, ownerId: user.id });
    if (removed) c.executionCtx.waitUntil(publishToUser(c.env, userId, { type: "live_call_ended", callId }));
    return c.body(null, 204);
  })
  .post("/:id/join", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const access = await roleInCall(database, callId, user.id);
    if (!access) throw notFound();
    if (!isLive(access.call)) throw ended();
    const joinedAt = await recordJoin(database, { callId, userId: user.id, owner: access.role === "owner", now: Date.now() });
    if (joinedAt === null) throw notFound(); // removed since the check above
    return c.json<JoinResponse>({ callId, joinedAt });
  });
