// /api/calls: the signed-in user's call history (filtered, paged, or all of it as CSV), one call with its transcript, transcript export,
// search, and the AI's health over the last 24 hours. Someone else's call id answers 404.
import { Hono } from "hono";
import { z } from "zod";
import {
  type CallDetail,
  type CallListPage,
  type CallSearchResult,
  CALLS_CSV_MAX_ROWS,
  CALLS_CSV_TRUNCATED_HEADER,
  EXPORT_FORMATS,
  callListQuerySchema,
  callSearchQuerySchema,
} from "../../protocol/call-history";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { exportFileName, transcriptJson, transcriptText } from "../export/transcript";
import { type CallFilters, decodeCursor, encodeCursor, getCallDetail, listAllCalls, listCalls, searchTranscripts } from "../db/calls";
import { callsCsv, callsCsvFileName } from "../export/calls-csv";
import { db } from "../db/client";
import type { RecapRetryResult } from "../../protocol/summary";
import { selectProvider } from "../ai/select";
import { publishToUser } from "../feed/publish";
import { callHealth } from "../db/insights/health";
import { HEALTH_WINDOW_MS, type CallHealth } from "../../protocol/health";
import { ApiError } from "../http/errors";
import { SUMMARY_MIN_INTERVAL_MS, summarizeCall } from "../summary/summarize";
import { readQuery } from "../http/query";
import { CALL_IN_PROGRESS } from "../db/call-writes";
import { deleteCallRow, ownedCall } from "../db/erase/call";
import { participantIds } from "../db/live-calls";
import { callInProgress, eraseCallObjects } from "../erase/call-objects";
import { summaryRuns } from "../limits/summary-runs";

const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "must be txt or json" }).default("txt"),
});

function notFound(): ApiError {
  return new ApiError(404, "not-found", "No such call.");
}

export const callRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    const q = readQuery(c, callListQuerySchema);
    const filters: CallFilters = { callType: q.callType, safety: q.safety, echoId: q.echoId, status: q.status, since: q.since, until: q.until };
    if (q.format === "csv") {
      // The whole filtered list (newest first, at most CALLS_CSV_MAX_ROWS), not one page.
      const all = await listAllCalls(db(c.env.DB), user.id, filters, CALLS_CSV_MAX_ROWS);
      const now = Date.now();
      return c.body(callsCsv(all.calls), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${callsCsvFileName(now)}"`,
        "Cache-Control": "no-store",
        ...(all.truncated ? { [CALLS_CSV_TRUNCATED_HEADER]: String(CALLS_CSV_MAX_ROWS) } : {}),
      });
    }
    const cursor = q.cursor ? decodeCursor(q.cursor) : null;
    if (q.cursor && !cursor) throw new ApiError(400, "invalid-request", "cursor: not a cursor from this API.");
    const page = await listCalls(db(c.env.DB), user.id, { limit: q.limit, cursor, filters });
    const body: CallListPage = { calls: page.calls, nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null };
    return c.json(body);
  })
  .get("/search", async (c) => {
    const user = requireUser(c);
    const { q } = readQuery(c, callSearchQuerySchema);
    const result = await searchTranscripts(db(c.env.DB), user.id, q);
    const body: CallSearchResult = { query: q, ...result };
    return c.json(body);
  })
  .get("/health", async (c) => {
    const user = requireUser(c);
    const until = Date.now();
    return c.json<CallHealth>(await callHealth(db(c.env.DB), user.id, until - HEALTH_WINDOW_MS, until));
  })
  .get("/:id", async (c) => {
    const user = requireUser(c);
    const call = await getCallDetail(db(c.env.DB), user.id, c.req.param("id"));
    if (!call) throw notFound();
    return c.json<CallDetail>(call);
  })
  // Deletes the call everywhere: its object's storage, its recording in R2, then its D1 row with the
  // transcript, summary, invitations and Insights figures. Only the owner; not while it is in progress.
  .delete("/:id", async (c) => {
    const user = requireUser(c);
    const database = db(c.env.DB);
    const callId = c.req.param("id");
    const call = await ownedCall(database, user.id, callId);
    if (!call) throw notFound();
    if (call.status === CALL_IN_PROGRESS) throw callInProgress();
    const invited = await participantIds(database, callId, user.id);
    await eraseCallObjects(c.env, callId);
    await deleteCallRow(database, user.id, callId);
    await publishToUser(c.env, user.id, { type: "call_changed", callId });
    for (const id of invited) c.executionCtx.waitUntil(publishToUser(c.env, id, { type: "call_changed", callId }));
    return c.body(null, 204);
  })
  // Makes the summary again (after a failure, or to refresh it); the call must have ended. Origin-checked
  // like every mutation (app.ts); at most once per SUMMARY_MIN_INTERVAL_MS after the last run, one run
  // at a time per call, and SUMMARY_RUNS_PER_HOUR runs per user across calls (429).
  .post("/:id/summary", async (c) => {
    const user = requireUser(c);
    const recap = await summarizeCall(db(c.env.DB), selectProvider(c.env), c.req.param("id"), {
      userId: user.id,
      minIntervalMs: SUMMARY_MIN_INTERVAL_MS,
      runLimit: summaryRuns,
    });
    if (!recap) throw notFound();
    await publishToUser(c.env, user.id, { type: "call_changed", callId: c.req.param("id") });
    return c.json<RecapRetryResult>({ recap });
  })
  .get("/:id/export", async (c) => {
    const user = requireUser(c);
    const { format } = readQuery(c, exportQuerySchema);
    const call = await getCallDetail(db(c.env.DB), user.id, c.req.param("id"));
    if (!call) throw notFound();
    const body = format === "json" ? transcriptJson(call) : transcriptText(call);
    return c.body(body, 200, {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(call, format)}"`,
      "Cache-Control": "no-store",
    });
  });
