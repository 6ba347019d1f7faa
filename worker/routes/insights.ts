// GET /api/insights?period=30d&echoId=… : the whole Insights view's data for the signed-in user.
// Another user's Echo id answers 404, like every other object.
import { Hono } from "hono";
import { INSIGHT_BUCKET_DAYS, INSIGHT_PERIOD_DAYS, type InsightsView, insightsQuerySchema } from "../../protocol/insights";
import type { AppEnv } from "../http/app-env";
import { requireUser } from "../auth/middleware";
import { db } from "../db/client";
import { insightsData } from "../db/insights/insights";
import { DAY_MS, bucketGrid } from "../db/insights/period-days";
import { ApiError } from "../http/errors";
import { readQuery } from "../http/query";

export const insightsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = requireUser(c);
  const { period, echoId } = readQuery(c, insightsQuerySchema);
  const database = db(c.env.DB);
  const until = Date.now();
  const since = until - INSIGHT_PERIOD_DAYS[period] * DAY_MS;
  const bucketMs = INSIGHT_BUCKET_DAYS[period] * DAY_MS;
  const grid = bucketGrid(since, until, bucketMs);
  // One D1 round trip; an Echo that isn't the user's answers 404 (its id matched none of their rows).
  const data = await insightsData(database, { userId: user.id, since, until, echoId }, grid);
  if (!data) throw new ApiError(404, "not-found", "No such Echo.");
  const body: InsightsView = { period, since, until, echoId: echoId ?? null, bucketMs, ...data };
  return c.json(body);
});
