// Deleting an Echo: the row goes; its calls stay, with the name it had (calls.echo_name, kept by the
// trigger of migration 0010) and no Echo (calls.echo_id is set null by its foreign key, and the Insights
// figures move with it by the triggers of migration 0004). An account whose phone calls it answered
// goes back to the default choice.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { echoes, users } from "../schema";

/** Deletes `userId`'s Echo `echoId`; false when they have no such Echo (nothing changes). */
export async function deleteEcho(database: Db, userId: string, echoId: string): Promise<boolean> {
  const [deleted] = await database.batch([
    database
      .delete(echoes)
      .where(and(eq(echoes.id, echoId), eq(echoes.userId, userId)))
      .returning({ id: echoes.id }),
    database
      .update(users)
      .set({ phoneEchoId: null })
      .where(and(eq(users.id, userId), eq(users.phoneEchoId, echoId))),
  ]);
  return deleted.length > 0;
}
