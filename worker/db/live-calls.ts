// Live calls in D1: calls in progress, who may watch them (the owner and the invited participants),
// invitations and joins. A call is live while its row is in progress (worker/db/call-writes.ts).
import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { LiveCallSummary, LiveParticipant, LiveRole } from "../../protocol/live";
import type { Db } from "./client";
import { CALL_IN_PROGRESS } from "./call-writes";
import { callHeadingColumns } from "./calls";
import { callParticipants, calls, echoes, users } from "./schema";

/** Live calls listed at most (a user is rarely in more than a handful at once). */
export const LIVE_CALLS_MAX = 50;

export interface LiveCallRow {
  id: string;
  userId: string | null;
  status: string;
}

/** The call if it exists (any status), else null. */
export async function findCall(database: Db, callId: string): Promise<LiveCallRow | null> {
  const row = await database.select({ id: calls.id, userId: calls.userId, status: calls.status }).from(calls).where(eq(calls.id, callId)).get();
  return row ?? null;
}

/** When `userId` was invited to the call (null: they are not a participant). */
async function invitedAt(database: Db, callId: string, userId: string): Promise<number | null> {
  const row = await database
    .select({ invitedAt: callParticipants.invitedAt })
    .from(callParticipants)
    .where(and(eq(callParticipants.callId, callId), eq(callParticipants.userId, userId)))
    .get();
  return row?.invitedAt ?? null;
}

export interface CallAccess {
  call: LiveCallRow;
  role: LiveRole;
  /** A participant's invitation time (what a view opened on it carries: call/viewers.ts). */
  invitedAt?: number;
}

/** How `userId` relates to the call: its owner, a participant, or nobody (null, also for unknown calls). */
export async function roleInCall(database: Db, callId: string, userId: string): Promise<CallAccess | null> {
  const call = await findCall(database, callId);
  if (!call) return null;
  if (call.userId === userId) return { call, role: "owner" };
  const since = await invitedAt(database, callId, userId);
  return since === null ? null : { call, role: "participant", invitedAt: since };
}

export const isLive = (call: LiveCallRow): boolean => call.status === CALL_IN_PROGRESS;

interface ParticipantRow {
  callId: string;
  userId: string;
  displayName: string;
  email: string;
  invitedAt: number;
  joinedAt: number | null;
}

function participantQuery(database: Db) {
  return database
    .select({
      callId: callParticipants.callId,
      userId: callParticipants.userId,
      displayName: users.displayName,
      email: users.email,
      invitedAt: callParticipants.invitedAt,
      joinedAt: callParticipants.joinedAt,
    })
    .from(callParticipants)
    .innerJoin(users, eq(users.id, callParticipants.userId));
}

function toParticipant(row: ParticipantRow, showEmail: boolean): LiveParticipant {
  return { userId: row.userId, displayName: row.displayName, email: showEmail ? row.email : null, invitedAt: row.invitedAt, joinedAt: row.joinedAt };
}

/** The signed-in user's calls in progress and the calls in progress they were invited to, newest first. */
export async function listLiveCalls(database: Db, userId: string): Promise<LiveCallSummary[]> {
  const mine = database.select({ id: callParticipants.callId }).from(callParticipants).where(eq(callParticipants.userId, userId));
  const rows = await database
    .select({
      id: calls.id,
      ...callHeadingColumns,
      ownerId: calls.userId,
      ownerName: users.displayName,
      safetyAlert: calls.safetyAlert,
    })
    .from(calls)
    .leftJoin(echoes, eq(echoes.id, calls.echoId))
    .leftJoin(users, eq(users.id, calls.userId))
    .where(and(eq(calls.status, CALL_IN_PROGRESS), or(eq(calls.userId, userId), inArray(calls.id, mine))))
    .orderBy(desc(calls.startTime), desc(calls.id))
    .limit(LIVE_CALLS_MAX)
    .all();
  if (rows.length === 0) return [];
  const people = await participantQuery(database)
    .where(
      inArray(
        callParticipants.callId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(callParticipants.invitedAt), asc(users.displayName))
    .all();
  return rows.map(({ ownerId, ownerName, ...call }) => {
    const role: LiveRole = ownerId === userId ? "owner" : "participant";
    const here = people.filter((p) => p.callId === call.id);
    return {
      ...call,
      role,
      ownerName: ownerName ?? "",
      myJoinedAt: here.find((p) => p.userId === userId)?.joinedAt ?? null,
      // The owner's own row (written when they press Join Call) is not an invitation.
      participants: here.filter((p) => p.userId !== ownerId).map((p) => toParticipant(p, role === "owner")),
    };
  });
}

/** Ids of every call in progress `userId` may watch (theirs and the ones they were invited to), unpaged. */
export async function viewableLiveCallIds(database: Db, userId: string): Promise<string[]> {
  const mine = database.select({ id: callParticipants.callId }).from(callParticipants).where(eq(callParticipants.userId, userId));
  const rows = await database
    .select({ id: calls.id })
    .from(calls)
    .where(and(eq(calls.status, CALL_IN_PROGRESS), or(eq(calls.userId, userId), inArray(calls.id, mine))))
    .all();
  return rows.map((r) => r.id);
}

/**
 * Adds `userId` to the call and returns them as stored; null when the call is already shared with
 * `maxInvited` other people (its owner not counted; the count and the insert are one statement, so two
 * invitations at once cannot both pass the limit). Inviting someone already invited renews their
 * invitation (its time, and who gave it), at the limit too: that is how an owner undoes a removal that
 * reached the call's object, which refuses views on invitations from before it, but not this list.
 */
export async function addParticipant(
  database: Db,
  input: { callId: string; userId: string; ownerId: string; invitedBy: string; now: number; maxInvited: number },
): Promise<LiveParticipant | null> {
  const { callId, userId, ownerId } = input;
  const invited = and(eq(callParticipants.callId, callId), eq(callParticipants.userId, userId));
  await database.run(sql`INSERT INTO ${callParticipants} (call_id, user_id, invited_by, invited_at, joined_at)
    SELECT ${callId}, ${userId}, ${input.invitedBy}, ${input.now}, NULL
    WHERE (SELECT COUNT(*) FROM ${callParticipants} WHERE ${callParticipants.callId} = ${callId} AND ${callParticipants.userId} != ${ownerId}) < ${input.maxInvited}
      OR EXISTS (SELECT 1 FROM ${callParticipants} WHERE ${invited})
    ON CONFLICT (call_id, user_id) DO UPDATE SET invited_by = excluded.invited_by, invited_at = MAX(invited_at, excluded.invited_at)`);
  const row = await participantQuery(database).where(invited).get();
  return row ? toParticipant(row, true) : null;
}

/** The call is no longer shared with `userId` (never its owner's own row); false when it was not. */
export async function removeParticipant(database: Db, input: { callId: string; userId: string; ownerId: string }): Promise<boolean> {
  if (input.userId === input.ownerId) return false;
  const removed = await database
    .delete(callParticipants)
    .where(and(eq(callParticipants.callId, input.callId), eq(callParticipants.userId, input.userId)))
    .returning({ userId: callParticipants.userId });
  return removed.length > 0;
}

/**
 * Records that `userId` joined (the first join counts) and returns joinedAt. The owner gets a row of
 * their own; anyone else must still be a participant (null: not, e.g. removed since their access was
 * checked: a join never brings an invitation back).
 */
export async function recordJoin(database: Db, input: { callId: string; userId: string; owner: boolean; now: number }): Promise<number | null> {
  const joinedAt = sql`coalesce(${callParticipants.joinedAt}, ${input.now})`;
  if (!input.owner) {
    const [row] = await database
      .update(callParticipants)
      .set({ joinedAt })
      .where(and(eq(callParticipants.callId, input.callId), eq(callParticipants.userId, input.userId)))
      .returning({ joinedAt: callParticipants.joinedAt });
    return row ? (row.joinedAt ?? input.now) : null;
  }
  const [row] = await database
    .insert(callParticipants)
    .values({ callId: input.callId, userId: input.userId, invitedBy: null, invitedAt: input.now, joinedAt: input.now })
    .onConflictDoUpdate({ target: [callParticipants.callId, callParticipants.userId], set: { joinedAt } })
    .returning({ joinedAt: callParticipants.joinedAt });
  return row?.joinedAt ?? input.now;
}

/** The people the call is shared with (never its owner's own row), in the order they were invited, emails shown. */
export async function listParticipants(database: Db, callId: string, ownerId: string): Promise<LiveParticipant[]> {
  const rows = await participantQuery(database)
    .where(eq(callParticipants.callId, callId))
    .orderBy(asc(callParticipants.invitedAt), asc(users.displayName))
    .all();
  return rows.filter((r) => r.userId !== ownerId).map((r) => toParticipant(r, true));
}

/** Everyone invited to the call (not its owner). */
export async function participantIds(database: Db, callId: string, ownerId: string | null): Promise<string[]> {
  const rows = await database.select({ userId: callParticipants.userId }).from(callParticipants).where(eq(callParticipants.callId, callId)).all();
  return rows.map((r) => r.userId).filter((id) => id !== ownerId);
}
