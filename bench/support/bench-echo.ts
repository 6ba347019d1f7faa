// An Echo for a bench's signed-in user, written straight into the app's database.
import type { LocalApp } from "../../scripts/local-app";
import { insertRows } from "../../scripts/seed/sql";

/** Inserts an active Echo named "Bench" for `userId`; returns its id. */
export function insertBenchEcho(app: Pick<LocalApp, "sql">, userId: string, personality: string, voiceStyle: string): string {
  const echoId = crypto.randomUUID();
  const now = Date.now();
  app.sql(
    insertRows(
      "echoes",
      ["id", "user_id", "name", "description", "personality", "expertise", "instructions", "voice_style", "is_active", "total_calls", "created_at", "updated_at"],
      [[echoId, userId, "Bench", "", personality, "general", "", voiceStyle, 1, 0, now, now]],
    ),
  );
  return echoId;
}
