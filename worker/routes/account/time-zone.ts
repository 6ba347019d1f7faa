// /api/profile/time-zone: the owner's time zone (an IANA name). The web app PUTs the browser's zone with
// ifUnset on first load; Settings PUTs a chosen one. An unknown zone is refused and changes nothing.
import { Hono } from "hono";
import { timeZoneInputSchema, type TimeZoneSetting } from "../../../protocol/time-zone";
import { requireUser } from "../../auth/middleware";
import { validTimeZone } from "../../lib/zoned-time";
import { db } from "../../db/client";
import { setTimeZone, timeZoneOf } from "../../db/users";
import type { AppEnv } from "../../http/app-env";
import { ApiError, readJson } from "../../http/errors";

export const timeZoneRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = requireUser(c);
    return c.json<TimeZoneSetting>({ timeZone: await timeZoneOf(db(c.env.DB), user.id) });
  })
  .put("/", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, timeZoneInputSchema);
    const zone = validTimeZone(input.timeZone);
    if (!zone) throw new ApiError(400, "invalid-time-zone", "Unknown time zone. Choose one from the list, e.g. Europe/Berlin.");
    return c.json<TimeZoneSetting>({ timeZone: await setTimeZone(db(c.env.DB), user.id, zone, input.ifUnset === true) });
  });
