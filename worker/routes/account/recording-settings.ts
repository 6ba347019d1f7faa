// /api/settings/recording: the signed-in user's switch for recording the phone calls no active Echo
// answers (protocol/recording-settings.ts). The PUT is Origin-checked like every mutation (app.ts).
import { Hono } from "hono";
import { type RecordingSettings, recordingSettingsSchema } from "../../../protocol/recording-settings";
import type { AppEnv } from "../../http/app-env";
import { requireUser } from "../../auth/middleware";
import { db } from "../../db/client";
import { setRecordCallsWithoutEcho } from "../../db/users";
import { readJson } from "../../http/errors";

export const recordingSettingsRoutes = new Hono<AppEnv>()
  .get("/", (c) => {
    const user = requireUser(c);
    return c.json<RecordingSettings>({ recordCallsWithoutEcho: user.recordCallsWithoutEcho });
  })
  .put("/", async (c) => {
    const user = requireUser(c);
    const input = await readJson(c, recordingSettingsSchema);
    await setRecordCallsWithoutEcho(db(c.env.DB), user.id, input.recordCallsWithoutEcho);
    return c.json<RecordingSettings>({ recordCallsWithoutEcho: input.recordCallsWithoutEcho });
  });
