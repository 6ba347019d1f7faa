// The owner's time zone (users.time_zone, an IANA name): read for calls and callbacks, set from the
// browser on first load (only when empty) and from Settings.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "./client";
import { users } from "./schema";

export async function timeZoneOf(database: Db, userId: string): Promise<string | null> {
  return (await database.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).get())?.timeZone ?? null;
}

/** Sets the zone; `onlyIfEmpty`: only when none is set yet (the browser's guess never overrides a choice). */
export async function setTimeZone(database: Db, userId: string, zone: string, onlyIfEmpty: boolean): Promise<string | null> {
  await database
    .update(users)
    .set({ timeZone: zone })
    .where(onlyIfEmpty ? and(eq(users.id, userId), isNull(users.timeZone)) : eq(users.id, userId));
  return timeZoneOf(database, userId);
}
