// The owner's time zone (users.time_zone): GET/PUT /api/profile/time-zone. Callbacks and the Echo's
// answers about the time use it; the web app sends the browser's zone on first load when none is set.
import { z } from "zod";

export interface TimeZoneSetting {
  /** IANA name (e.g. Europe/Berlin); null: never set (calls and callbacks use UTC). */
  timeZone: string | null;
}

/** PUT body. `ifUnset`: set only when none is set yet (the browser's guess never overrides a choice). */
export const timeZoneInputSchema = z.object({ timeZone: z.string().trim().min(1).max(64), ifUnset: z.boolean().optional() });
export type TimeZoneInput = z.infer<typeof timeZoneInputSchema>;
