// The account's recording switch for calls no active Echo answers (GET/PUT /api/settings/recording).
// An Echo's own calls follow the Echo's "Record calls"; without an active Echo the built-in assistant
// answers the account's phone calls, recorded as this says.
import { z } from "zod";

export interface RecordingSettings {
  recordCallsWithoutEcho: boolean;
}

export const recordingSettingsSchema = z.object({ recordCallsWithoutEcho: z.boolean({ message: "must be true or false" }) });
